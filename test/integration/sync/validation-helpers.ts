import assert from 'node:assert/strict';
import type { AccountFeature } from '../../../src/accounts/account-service';
import { freshAccount } from '../../helpers/harness';
import {
  bookkeeping,
  type Body,
  entity,
  Jobs,
  relationship,
  scopeContents,
  sharedApp,
  stagedFiles,
} from './lifecycle-helpers';

/**
 * Shared by the validation-*.test.ts files (upload validation through HTTP on the real Neo4j): the
 * scope and sync modes they upload in, short entity and relationship builders, and a job holding
 * one accepted baseline batch with the check that a rejected request left it exactly as it was.
 * Not a test file itself (no `.test.ts`).
 */
export const LABEL_RULE =
  'a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit';
export const SCOPE = 'v';

export type Mode = 'DIFF' | 'PATCH' | 'PATCH-no-scope' | 'PUT';

export const e = (key: string, extra: Body = {}) => entity(key, extra);
export const r = (key: string, extra: Body = {}) => relationship(key, 'k0', 'k1', extra);
export const without = (object: Body, ...names: string[]) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));

const BASELINE: Record<Mode, Body> = {
  DIFF: { entities: [e('base')] },
  PUT: { entities: [e('base')] },
  PATCH: { entities: [{ _key: 'base', name: 'patched' }] },
  'PATCH-no-scope': { entities: [{ _id: 'no-such-id', name: 'patched' }] },
};

export async function startJob(mode: Mode): Promise<{ jobs: Jobs; accountId: string; id: string }> {
  const features: AccountFeature[] = mode === 'PUT' ? ['PUT'] : [];
  const account = await freshAccount(features);
  const jobs = new Jobs(await sharedApp(), account.headers);
  const start: Body =
    mode === 'PATCH-no-scope'
      ? { source: 'api', syncMode: 'PATCH' }
      : { source: 'api', scope: SCOPE, syncMode: mode };
  const { id } = await jobs.start(start);
  return { jobs, accountId: account.accountId, id };
}

/**
 * A job with one accepted baseline batch (one entity), its state as GET shows it, and a check
 * that runs after the rejected request: the job is exactly as before, only the baseline batch is
 * staged, and finalize applies the baseline only.
 */
export async function jobWithBaseline(mode: Mode) {
  const { jobs, accountId, id } = await startJob(mode);
  await jobs.upload(id, 'upload', BASELINE[mode]);
  const before = await jobs.job(id);
  assert.equal(before.numEntitiesUploaded, 1);
  const assertUntouched = async () => {
    assert.deepEqual(await jobs.job(id), before, 'the rejected upload changed the job');
    assert.deepEqual(await stagedFiles(accountId, id), ['batch-<id>.json.gz']);
    assert.deepEqual(await bookkeeping(accountId, id), {
      jobs: 1,
      batches: 1,
      // The baseline batch's one key print (decision 0051): the refused one kept none.
      stagedKeys: 1,
    });
    const done = await jobs.finalize(id);
    const patch = mode === 'PATCH' || mode === 'PATCH-no-scope';
    assert.deepEqual(
      [
        done.status,
        done.numEntitiesUploaded,
        done.numEntitiesCreated,
        done.numEntitiesUpdated,
        done.numEntityUpdateErrors,
        done.numRelationshipsUploaded,
        done.numRelationshipsCreated,
        done.numRelationshipCreateErrors,
      ],
      ['FINISHED', 1, patch ? 0 : 1, 0, patch ? 1 : 0, 0, 0, 0],
    );
    const contents = await scopeContents(accountId, SCOPE);
    assert.deepEqual(
      contents.entities.map((x) => x._key),
      patch ? [] : ['base'],
    );
    assert.deepEqual(contents.relationships, []);
  };
  return { jobs, accountId, id, before, assertUntouched };
}
