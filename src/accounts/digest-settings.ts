import { isEmailAddress } from '../common/email-address';
import type { ContractEnum } from '../contract/contract-types';
import { NotFoundError, ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import type { Graph } from '../graph/graph';

type Schemas = components['schemas'];

/** Most addresses a digest goes to (as many as an account's notification emails). */
export const MAX_DIGEST_RECIPIENTS = 20;

/** How often an account gets its alert digest (docs/guide/notifications.md, "Digest"). */
export const DIGEST_FREQUENCIES = ['OFF', 'DAILY', 'WEEKLY'] as const;
export type DigestFrequency = ContractEnum<Schemas['DigestFrequency'], typeof DIGEST_FREQUENCIES>;
/** A frequency that sends digests. */
export type DigestCadence = Exclude<DigestFrequency, 'OFF'>;

/** The settings as the API answers them (openapi.yaml's DigestSettings). */
export type DigestSettingsView = Schemas['DigestSettings'];
export type DigestRunView = Schemas['DigestRun'];

/** An account that opted in: what the digest scheduler reads. */
export interface DigestSubscriber {
  accountId: string;
  frequency: DigestCadence;
  /** Where its digest goes: the recipients set, else the account's notification emails. */
  sendsTo: string[];
}

/**
 * An account's alert digest settings (`/account/notification-digest`), kept on its node: the
 * frequency (OFF unless an admin opts in) and the recipients (none: the notification emails).
 */
export class DigestSettings {
  constructor(private readonly graph: Graph) {}

  async get(accountId: string): Promise<DigestSettingsView> {
    const [row] = await this.graph.read<{
      frequency: DigestFrequency;
      recipients: string[];
      lastRun: DigestRunView | null;
    }>('digests/get-settings', { id: accountId });
    if (row === undefined) throw new NotFoundError(`Account '${accountId}' not found`);
    const emails = row.recipients.length > 0 ? [] : await this.notificationEmails(accountId);
    return {
      frequency: row.frequency,
      recipients: row.recipients,
      sendsTo: row.recipients.length > 0 ? row.recipients : emails,
      lastRun: row.lastRun === null ? null : runView(row.lastRun),
    };
  }

  async set(
    accountId: string,
    input: { frequency: string; recipients?: readonly string[] | undefined },
  ): Promise<DigestSettingsView> {
    const frequency = checkFrequency(input.frequency);
    const recipients = checkRecipients(input.recipients ?? []);
    const [row] = await this.graph.write('digests/set-settings', {
      id: accountId,
      frequency,
      recipients,
    });
    if (row === undefined) throw new NotFoundError(`Account '${accountId}' not found`);
    return this.get(accountId);
  }

  /** Every account with a DAILY or WEEKLY digest. */
  async subscribers(): Promise<DigestSubscriber[]> {
    const rows = await this.graph.read<{
      accountId: string;
      frequency: DigestCadence;
      recipients: string[];
      notificationEmails: string[];
    }>('digests/list-subscribed');
    return rows.map((r) => ({
      accountId: r.accountId,
      frequency: r.frequency,
      sendsTo: r.recipients.length > 0 ? r.recipients : r.notificationEmails,
    }));
  }

  private async notificationEmails(accountId: string): Promise<string[]> {
    const [row] = await this.graph.read<{ account: { notificationEmails: string[] } }>(
      'accounts/get-account',
      { id: accountId },
    );
    return row?.account.notificationEmails ?? [];
  }
}

function runView(run: DigestRunView): DigestRunView {
  return {
    frequency: run.frequency,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    status: run.status,
    detail: run.detail ?? null,
    attempts: run.attempts,
    finishedOn: run.finishedOn ?? null,
  };
}

export function checkFrequency(value: string): DigestFrequency {
  if (!(DIGEST_FREQUENCIES as readonly string[]).includes(value)) {
    throw new ValidationError(
      `Invalid digest frequency '${value}': use ${DIGEST_FREQUENCIES.join(', ')}`,
    );
  }
  return value as DigestFrequency;
}

/** Each an email address; repeats (without case) dropped; at most MAX_DIGEST_RECIPIENTS. */
function checkRecipients(emails: readonly string[]): string[] {
  const bad = emails.find((e) => !isEmailAddress(e));
  if (bad !== undefined) {
    throw new ValidationError(`Invalid digest recipient '${bad}': not an email address`);
  }
  const unique = emails.filter(
    (e, i) => emails.findIndex((o) => o.toLowerCase() === e.toLowerCase()) === i,
  );
  if (unique.length > MAX_DIGEST_RECIPIENTS) {
    throw new ValidationError(
      `A digest goes to at most ${MAX_DIGEST_RECIPIENTS} recipients, not ${unique.length}`,
    );
  }
  return unique;
}
