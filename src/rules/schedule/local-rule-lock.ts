import type { RuleKey, RuleLock } from './rule-schedule';
import { ruleSchedulerId } from './rule-schedule-shared';

/**
 * Local mode's rule lock: the API is the only process, so the rules being evaluated in this
 * process are all there is to exclude.
 */
export class LocalRuleLock implements RuleLock {
  private readonly held = new Set<string>();

  async withLock<T>(
    key: RuleKey,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    const id = ruleSchedulerId(key);
    if (this.held.has(id)) return { ran: false };
    this.held.add(id);
    try {
      return { ran: true, value: await work() };
    } finally {
      this.held.delete(id);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
