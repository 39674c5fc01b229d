import { HIDDEN_PROPERTIES } from './vertex-shape';

/**
 * What a write records of each object it changes (decision 0045): one `:_Change` node, created by
 * the writing statement itself from the `$history` parameter built here. Kept in one place so that
 * every statement tracks the same properties and hides the same secrets.
 */

/** Who made a change: a sync job's finalize, the entity API, or a rule's TAG_ENTITIES action. */
export type ChangeSource = 'sync' | 'entity-api' | 'rule-tag';

/**
 * Bookkeeping, not data: never listed in a change. The object's lifecycle (`_deleted`, `_endOn`)
 * is the change's `kind`; identity (`_id`, `_key`, `_scope`, `_accountId`) is on the change itself.
 */
export const UNTRACKED_PROPERTIES: readonly string[] = [
  ...HIDDEN_PROPERTIES,
  '_id',
  '_key',
  '_accountId',
  '_scope',
  '_version',
  '_createdOn',
  '_beginOn',
  '_endOn',
  '_deleted',
  '_overrides',
  '_mapped',
].sort();

/**
 * Property names whose values a change never stores (shown as REDACTED): credentials by their
 * usual names. Narrower than the request log's query-parameter rule (src/http/request-log.ts),
 * which would hide every `...Key` or `author` of an asset graph.
 */
const SECRET_NAME_SOURCE =
  'secret|passw(?:or)?d|passphrase|token|credential|private_?key|api_?key|access_?key|session_?id|cookie';

export const SECRET_PROPERTY_NAME = new RegExp(SECRET_NAME_SOURCE, 'i');

/** What a change holds instead of a secret-named property's value. */
export const REDACTED = '[redacted]';

/** The `$history` parameter of every statement that records changes. */
export interface ChangeParams {
  source: ChangeSource;
  /** The sync job that writes, or null. */
  jobId: string | null;
  /** The API key of the caller, or null (sync jobs and rules). */
  keyId: string | null;
  /** Epoch ms of the write (a finalize: the `now` it stamps in `_beginOn` / `_endOn`). */
  at: number;
  untracked: readonly string[];
  /** SECRET_PROPERTY_NAME as a Cypher (Java) regular expression of the whole name. */
  secret: string;
  redacted: string;
}

export function changeParams(of: {
  source: ChangeSource;
  at: number;
  jobId?: string | null;
  keyId?: string | null;
}): ChangeParams {
  return {
    source: of.source,
    jobId: of.jobId ?? null,
    keyId: of.keyId ?? null,
    at: of.at,
    untracked: UNTRACKED_PROPERTIES,
    secret: `(?is).*(?:${SECRET_NAME_SOURCE}).*`,
    redacted: REDACTED,
  };
}
