import assert from 'node:assert/strict';
import request from 'supertest';
import type { TestAccount } from '../../helpers/harness';
import { SyncClient } from '../../integration/sync/semantics-helpers';

/**
 * Shared by rules.test.ts and alerts.test.ts (not a test file itself): buckets synced into a
 * fresh account through the sync job API, and the alert rule that finds the unencrypted ones.
 */
export type Body = Record<string, unknown>;

export const BUCKETS = [
  { _key: 'b1', displayName: 'logs', encrypted: false },
  { _key: 'b2', displayName: 'web', encrypted: false },
  { _key: 'b3', displayName: 'safe', encrypted: true },
].map((b) => ({ _type: 'aws_s3_bucket', _class: 'DataStore', ...b }));

export const UNENCRYPTED = 'FIND aws_s3_bucket WITH encrypted = false';

/** A DIFF job of the buckets: start, upload, finalize (finalize runs in process in the rig). */
export async function syncBuckets(url: string, a: TestAccount): Promise<void> {
  const job = await new SyncClient(url, a.headers).diff('buckets', BUCKETS);
  assert.equal(job.status, 'FINISHED');
}

/** The rule of both tests: an alert (level HIGH) while any bucket is unencrypted. */
export function bucketRule(name: string, extra: Body = {}): Body {
  return {
    name,
    description: 'Buckets stored without encryption',
    pollingInterval: 'DISABLED',
    question: { queries: [{ name: 'query0', query: UNENCRYPTED }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
          { type: 'CREATE_ALERT' },
        ],
      },
    ],
    ...extra,
  };
}

/** The account's entity ids by `_key`, through the query API (what the console links to). */
export async function bucketIds(url: string, a: TestAccount): Promise<Map<string, string>> {
  const res = await request(url)
    .post('/query')
    .set(a.headers)
    .send({ query: 'FIND aws_s3_bucket', includeDeleted: false, limit: 10 });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const data = (res.body as { data: Array<{ id: string; entity: { _key: string } }> }).data;
  return new Map(data.map((v) => [v.entity._key, v.id]));
}
