import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DigestCadence, DigestSettings, DigestSubscriber } from '../accounts/digest-settings';
import type { Graph } from '../graph/graph';
import { type DigestPeriod, periodBefore } from './digest-period';
import { type DigestRow, digestView } from './digest-view';
import { linksOf } from './links';
import type { NotificationRenderer, RenderedMessage } from './notification-renderer';
import type { DigestView } from './views';

/** How a digest run ended; TAKEN: another process has (or had) this period's digest. */
export type DigestStatus = 'SENT' | 'EMPTY' | 'NOT_SENT' | 'FAILED';

export interface DigestOutcome {
  accountId: string;
  frequency: DigestCadence;
  periodEnd: number;
  status: DigestStatus | 'TAKEN';
  detail: string | null;
}

/** Sends a rendered digest: SMTP_URL's mailer (operatorMailer in src/actions/smtp-mailer.ts). */
export interface DigestMail {
  send(message: RenderedMessage & { to: readonly string[] }): Promise<unknown>;
}

/** What the scheduler's tick runs (queue mode's `send-digests` jobs, local mode's timer). */
export interface DigestRunner {
  runDue(): Promise<DigestOutcome[]>;
}

/** Tries of one period's digest (the mailer retries transient failures within each). */
export const DIGEST_ATTEMPTS = 3;
/** A SENDING claim older than this was left by a process that died: it may be taken again. */
export const DIGEST_STALE_CLAIM_MS = 10 * 60_000;

export interface DigestSenderDeps {
  graph: Graph;
  settings: Pick<DigestSettings, 'subscribers' | 'get'>;
  renderer: Pick<NotificationRenderer, 'render'>;
  /** Undefined without SMTP_URL: runs are recorded NOT_SENT. */
  mail: DigestMail | undefined;
  baseUrl: () => string;
  logger: Logger;
  /** config.digest.tickMs: a FAILED run is tried again at a tick at least this much later. */
  tickMs: number;
  /** config.digest.periodOverrideMs (tests only). */
  periodOverrideMs?: number | undefined;
  now?: () => number;
}

interface Claimed {
  sub: DigestSubscriber;
  period: DigestPeriod;
  claim: string;
}

type Result = Pick<DigestOutcome, 'status' | 'detail'> & {
  totals?: { opened: number; open: number; dismissed: number };
};

/**
 * The alert digest (docs/guide/notifications.md, "Digest"): at each tick, for every account that
 * opted in, the last completed period's digest is claimed (digests/claim-run.cypher: once per
 * account, frequency and period across every process), built from the account's alerts, rendered
 * in the account's `digest` layout (or the default) and mailed; how it ended is recorded on the
 * claim. A period with nothing to list is recorded EMPTY and nothing is sent.
 */
export class DigestSender implements DigestRunner {
  private readonly now: () => number;

  constructor(private readonly deps: DigestSenderDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Every opted-in account's digest that is due, logged; an account's failure does not stop the
   * rest.
   */
  async runDue(now = this.now()): Promise<DigestOutcome[]> {
    const outcomes: DigestOutcome[] = [];
    for (const sub of await this.deps.settings.subscribers()) {
      try {
        outcomes.push(await this.runFor(sub, now));
      } catch (err) {
        // Neo4j failed the claim or its record: the next tick (or, for a claim left SENDING, the
        // one after DIGEST_STALE_CLAIM_MS) tries again; the other accounts go on.
        const detail = err instanceof Error ? err.message : String(err);
        const periodEnd = periodBefore(sub.frequency, now, this.deps.periodOverrideMs).to;
        this.deps.logger.error(
          { accountId: sub.accountId, err: detail },
          'alert digest run failed',
        );
        outcomes.push({
          accountId: sub.accountId,
          frequency: sub.frequency,
          periodEnd,
          status: 'FAILED',
          detail,
        });
      }
    }
    // The tick's log line: what it did (runs another process had taken are not news).
    const done = outcomes.filter((o) => o.status !== 'TAKEN');
    if (done.length > 0) this.deps.logger.info({ digests: done }, 'digest tick');
    return outcomes;
  }

  /** One account's digest, when it opted in (tests drive one account at a chosen time). */
  async runAccount(accountId: string, now = this.now()): Promise<DigestOutcome | undefined> {
    const sub = (await this.deps.settings.subscribers()).find((s) => s.accountId === accountId);
    return sub === undefined ? undefined : this.runFor(sub, now);
  }

  private async runFor(sub: DigestSubscriber, now: number): Promise<DigestOutcome> {
    const period = periodBefore(sub.frequency, now, this.deps.periodOverrideMs);
    const base = { accountId: sub.accountId, frequency: sub.frequency, periodEnd: period.to };
    const claim = randomUUID();
    if (!(await this.claim(sub, period, claim, now))) {
      return { ...base, status: 'TAKEN', detail: null };
    }
    let result: Result;
    try {
      result = await this.deliver({ sub, period, claim }, now);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.deps.logger.warn({ ...base, err: detail }, 'alert digest not sent');
      result = { status: 'FAILED', detail };
    }
    await this.finish({ sub, period, claim }, result, now);
    return { ...base, status: result.status, detail: result.detail };
  }

  private async claim(
    sub: DigestSubscriber,
    period: DigestPeriod,
    claim: string,
    now: number,
  ): Promise<boolean> {
    const [row] = await this.deps.graph.write<{ claimed: boolean }>('digests/claim-run', {
      accountId: sub.accountId,
      frequency: sub.frequency,
      periodStart: period.from,
      periodEnd: period.to,
      claim,
      now,
      staleBefore: now - DIGEST_STALE_CLAIM_MS,
      retryBefore: now - this.deps.tickMs,
      maxAttempts: DIGEST_ATTEMPTS,
    });
    return row?.claimed === true;
  }

  /** Builds and sends the digest; throws when the mail server refuses it. */
  private async deliver(run: Claimed, now: number): Promise<Result> {
    const { sub, period } = run;
    if (this.deps.mail === undefined) {
      return { status: 'NOT_SENT', detail: 'No mail server is configured for digests (SMTP_URL)' };
    }
    if (sub.sendsTo.length === 0) {
      return {
        status: 'NOT_SENT',
        detail:
          'No recipients: set them with PUT /account/notification-digest, or the notification emails with PUT /account/notification-emails',
      };
    }
    const view = await this.view(sub.accountId, sub.frequency, period, now);
    const { totals } = view;
    if (view.levels.length === 0) return { status: 'EMPTY', detail: 'No alerts to list', totals };
    const message = await this.deps.renderer.render(sub.accountId, view);
    await this.deps.mail.send({ ...message, to: sub.sendsTo });
    return { status: 'SENT', detail: `sent to ${sub.sendsTo.join(', ')}`, totals };
  }

  /**
   * The digest the account would get for its last completed period, at its frequency (DAILY when
   * it is OFF): the preview of the `digest` layout (`/notification-templates/digest`).
   */
  async preview(accountId: string, now = this.now()): Promise<DigestView> {
    const { frequency } = await this.deps.settings.get(accountId);
    const cadence = frequency === 'OFF' ? 'DAILY' : frequency;
    return this.view(
      accountId,
      cadence,
      periodBefore(cadence, now, this.deps.periodOverrideMs),
      now,
    );
  }

  private async view(
    accountId: string,
    frequency: DigestCadence,
    period: DigestPeriod,
    now: number,
  ): Promise<DigestView> {
    const rows = await this.deps.graph.read<DigestRow>('digests/period-alerts', {
      accountId,
      from: period.from,
      to: period.to,
    });
    const links = linksOf(this.deps.baseUrl());
    return digestView({ accountId, frequency, period, rows, links, now });
  }

  private async finish(run: Claimed, result: Result, now: number): Promise<void> {
    const { sub, period, claim } = run;
    const [row] = await this.deps.graph.write('digests/finish-run', {
      accountId: sub.accountId,
      frequency: sub.frequency,
      periodEnd: period.to,
      claim,
      status: result.status,
      detail: result.detail,
      recipients: result.status === 'SENT' ? sub.sendsTo : [],
      opened: result.totals?.opened ?? null,
      open: result.totals?.open ?? null,
      dismissed: result.totals?.dismissed ?? null,
      now,
    });
    if (row === undefined) {
      this.deps.logger.warn(
        { accountId: sub.accountId, periodEnd: period.to },
        'digest run was taken over by another process before it was recorded',
      );
    }
  }
}
