import type { ContractEnum } from '../contract/contract-types';
import { NotFoundError, ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import type { Graph } from '../graph/graph';
import { checkEmailList } from './email-list';

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
    const [row] = await this.graph.read<
      StoredLists & { frequency: DigestFrequency; lastRun: DigestRunView | null }
    >('digests/get-settings', { id: accountId });
    if (row === undefined) throw new NotFoundError(`Account '${accountId}' not found`);
    return {
      frequency: row.frequency,
      recipients: row.recipients,
      sendsTo: sendsTo(row),
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
    const rows = await this.graph.read<
      StoredLists & { accountId: string; frequency: DigestCadence }
    >('digests/list-subscribed');
    return rows.map((r) => ({
      accountId: r.accountId,
      frequency: r.frequency,
      sendsTo: sendsTo(r),
    }));
  }
}

/** An account's two address lists as the statements answer them. */
interface StoredLists {
  recipients: string[];
  notificationEmails: string[];
}

/** Where a digest goes: the recipients set, else the account's notification emails. */
function sendsTo(lists: StoredLists): string[] {
  return lists.recipients.length > 0 ? lists.recipients : lists.notificationEmails;
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

/** The recipients as stored (email-list.ts). */
function checkRecipients(emails: readonly string[]): string[] {
  return checkEmailList(emails, MAX_DIGEST_RECIPIENTS, {
    invalid: (bad) => `Invalid digest recipient '${bad}': not an email address`,
    tooMany: (count) =>
      `A digest goes to at most ${MAX_DIGEST_RECIPIENTS} recipients, not ${count}`,
  });
}
