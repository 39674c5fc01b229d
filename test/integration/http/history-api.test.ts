import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { EntityService } from '../../../src/entities/entity-service';
import { GraphEntityTagger } from '../../../src/entities/entity-tagger';
import {
  freshAccount,
  testApp,
  testGraph,
  type TestAccount,
  trackAccount,
} from '../../helpers/harness';
import {
  entity,
  find,
  rel,
  scopeContents,
  SyncClient,
  type Props,
} from '../sync/semantics-helpers';

/**
 * The change history (decision 0045) on real Neo4j: what DIFF, PUT, PATCH and OVERRIDE jobs, the
 * entity API and rule tags change is read back through GET /entities/{id}/history and
 * GET /persister/synchronization/jobs/{id}/changes, with exact before/after values, and compared
 * with the graph (a finalization's `at` is the `_beginOn` / `_endOn` it stamps).
 */
const API_NOW = Date.UTC(2031, 5, 6, 7, 8, 9, 10);
const SCOPE = 's';
const JOBS = '/persister/synchronization/jobs';

interface Change {
  changeId: string;
  objectKind: string;
  objectId: string;
  key: string | null;
  type: string | null;
  scope: string | null;
  kind: string;
  at: number;
  jobId: string | null;
  keyId: string | null;
  source: string;
  changes: Array<{ name: string; before: unknown; after: unknown }>;
}

describe('change history: GET /entities/{id}/history and /jobs/{id}/changes (HTTP, real Neo4j)', () => {
  let app: express.Express;
  // The entity API's clock ticks once per write, so that a PATCH and a DELETE are ordered.
  let apiClock = API_NOW;
  before(async () => {
    app = await testApp({
      entities: new EntityService({ graph: await testGraph(), now: () => apiClock++ }),
    });
  });

  const history = (a: TestAccount, id: string, query: Record<string, string | number> = {}) =>
    request(app).get(`/entities/${id}/history`).query(query).set(a.headers);
  const jobChanges = (a: TestAccount, id: string, query: Record<string, string | number> = {}) =>
    request(app).get(`${JOBS}/${id}/changes`).query(query).set(a.headers);

  async function changesOf(a: TestAccount, id: string): Promise<Change[]> {
    const res = await history(a, id, { limit: 1000 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.cursor, undefined);
    return res.body.changes as Change[];
  }

  /** A change without its random id, for deepEqual. */
  const plain = ({ changeId: _id, ...c }: Change) => c;

  async function ids(accountId: string): Promise<Record<string, string>> {
    const s = await scopeContents(accountId, SCOPE);
    return Object.fromEntries([...s.entities, ...s.relationships].map((o) => [o._key, o._id]));
  }

  describe('a DIFF create / update / delete / revive sequence', () => {
    let a: TestAccount;
    let jobs: string[];
    let id: Record<string, string>;
    const h1v1 = entity('h1', { owner: 'a', apiToken: 't-1', ports: [22] });
    const h1v2 = entity('h1', { owner: 'b', ports: [22, 443] });
    const h2 = entity('h2', { owner: 'x' });
    before(async () => {
      a = await freshAccount([], { suiteWide: true });
      const c = new SyncClient(app, a.headers);
      jobs = [];
      jobs.push((await c.diff(SCOPE, [h1v1, h2], [rel('r12', 'h1', 'h2', { w: 1 })])).id);
      // h2 absent: deleted, and r12 with it (its end is deleted).
      jobs.push((await c.diff(SCOPE, [h1v2])).id);
      jobs.push((await c.diff(SCOPE, [h1v2, entity('h2', { owner: 'y' })])).id);
      id = await ids(a.accountId);
    });
    after(() => trackAccount(a.accountId));

    it("lists an entity's changes newest first with exact before/after values, secrets redacted", async () => {
      const stored = find((await scopeContents(a.accountId, SCOPE)).entities, 'h1');
      const changes = await changesOf(a, id.h1!);
      const common = { objectKind: 'entity', objectId: id.h1, key: 'h1', type: 'host' };
      assert.deepEqual(changes.map(plain), [
        {
          ...common,
          scope: SCOPE,
          kind: 'updated',
          at: stored._beginOn,
          jobId: jobs[1],
          keyId: null,
          source: 'sync',
          changes: [
            { name: 'apiToken', before: '[redacted]', after: null },
            { name: 'owner', before: 'a', after: 'b' },
            { name: 'ports', before: [22], after: [22, 443] },
          ],
        },
        {
          ...common,
          scope: SCOPE,
          kind: 'created',
          at: stored._createdOn,
          jobId: jobs[0],
          keyId: null,
          source: 'sync',
          changes: [
            { name: '_class', before: null, after: ['Host'] },
            { name: '_source', before: null, after: 'api' },
            { name: '_type', before: null, after: 'host' },
            { name: 'apiToken', before: null, after: '[redacted]' },
            { name: 'owner', before: null, after: 'a' },
            { name: 'ports', before: null, after: [22] },
          ],
        },
      ]);
      assert.ok(stored._beginOn! > stored._createdOn!);
    });

    it('records a deletion (no properties) and a revival (what differs from the deleted state)', async () => {
      const changes = await changesOf(a, id.h2!);
      assert.deepEqual(
        changes.map((c) => [c.kind, c.jobId, c.changes]),
        [
          ['revived', jobs[2], [{ name: 'owner', before: 'x', after: 'y' }]],
          ['deleted', jobs[1], []],
          [
            'created',
            jobs[0],
            [
              { name: '_class', before: null, after: ['Host'] },
              { name: '_source', before: null, after: 'api' },
              { name: '_type', before: null, after: 'host' },
              { name: 'owner', before: null, after: 'x' },
            ],
          ],
        ],
      );
      const h2 = find((await scopeContents(a.accountId, SCOPE)).entities, 'h2');
      assert.equal(changes[0]!.at, h2._beginOn);
      assert.ok(changes[1]!.at < changes[0]!.at);
    });

    it('lists what one job changed, entities and relationships, optionally of one kind', async () => {
      const res = await jobChanges(a, jobs[1]!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const changes = res.body.changes as Change[];
      assert.deepEqual(changes.map((c) => [c.objectKind, c.key, c.kind]).sort(), [
        ['entity', 'h1', 'updated'],
        ['entity', 'h2', 'deleted'],
        ['relationship', 'r12', 'deleted'],
      ]);
      const r12 = changes.find((c) => c.key === 'r12')!;
      assert.deepEqual(plain(r12), {
        objectKind: 'relationship',
        objectId: id.r12,
        key: 'r12',
        type: 'host_uses_host',
        scope: SCOPE,
        kind: 'deleted',
        at: find((await scopeContents(a.accountId, SCOPE)).relationships, 'r12')._endOn,
        jobId: jobs[1],
        keyId: null,
        source: 'sync',
        changes: [],
      });
      const deleted = await jobChanges(a, jobs[1]!, { kind: 'deleted' });
      assert.deepEqual((deleted.body.changes as Change[]).map((c) => c.key).sort(), ['h2', 'r12']);
      const created = await jobChanges(a, jobs[0]!, { kind: 'created' });
      assert.deepEqual(
        (created.body.changes as Change[]).map((c) => [c.objectKind, c.key]).sort(),
        [
          ['entity', 'h1'],
          ['entity', 'h2'],
          ['relationship', 'r12'],
        ],
      );
      const r12Created = (created.body.changes as Change[]).find((c) => c.key === 'r12')!;
      assert.deepEqual(r12Created.changes, [
        { name: '_class', before: null, after: 'USES' },
        { name: '_fromEntityKey', before: null, after: 'h1' },
        { name: '_source', before: null, after: 'api' },
        { name: '_toEntityKey', before: null, after: 'h2' },
        { name: '_type', before: null, after: 'host_uses_host' },
        { name: 'w', before: null, after: 1 },
      ]);
    });

    it('an unchanged re-run records nothing', async () => {
      const c = new SyncClient(app, a.headers);
      const again = await c.diff(SCOPE, [h1v2, entity('h2', { owner: 'y' })]);
      const res = await jobChanges(a, again.id);
      assert.deepEqual(res.body, { changes: [] });
    });

    it('pages with a keyset cursor, and refuses a cursor of another shape', async () => {
      const first = await history(a, id.h2!, { limit: 2 });
      assert.equal(first.status, 200);
      assert.deepEqual(
        (first.body.changes as Change[]).map((c) => c.kind),
        ['revived', 'deleted'],
      );
      assert.equal(typeof first.body.cursor, 'string');
      const second = await history(a, id.h2!, { limit: 2, cursor: first.body.cursor as string });
      assert.equal(second.status, 200);
      assert.deepEqual(
        (second.body.changes as Change[]).map((c) => c.kind),
        ['created'],
      );
      assert.equal(second.body.cursor, undefined);
      const bad = await history(a, id.h2!, { cursor: 'bm9wZQ' });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body, {
        error: {
          code: 'VALIDATION_ERROR',
          message:
            "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given",
        },
      });
    });

    it("is 404 for an unknown entity or job, and for another account's", async () => {
      const other = await freshAccount();
      const missing = await history(a, '7d0e6c43-0000-4000-8000-000000000000');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, {
        error: {
          code: 'ENTITY_NOT_FOUND',
          message: "No entity with _id '7d0e6c43-0000-4000-8000-000000000000' in this account",
        },
      });
      const foreign = await history(other, id.h1!);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.error.message, `No entity with _id '${id.h1}' in this account`);
      const foreignJob = await jobChanges(other, jobs[0]!);
      assert.equal(foreignJob.status, 404);
      assert.deepEqual(foreignJob.body, {
        error: { code: 'NOT_FOUND', message: `Sync job '${jobs[0]}' not found` },
      });
    });
  });

  it("records a mapped relationship's placeholder target once, and the relationship", async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const mapped = {
      _key: 'm1',
      _type: 'host_has_user',
      _class: 'HAS',
      _mapping: {
        sourceEntityKey: 'h1',
        targetFilterKeys: [['_type', 'email']],
        targetEntity: { _type: 'user', _class: 'User', email: 'u@x.io' },
      },
    };
    const first = await c.diff(SCOPE, [entity('h1')], [mapped]);
    await c.diff(SCOPE, [entity('h1')], [mapped]);
    const graph = await testGraph();
    const [row] = await graph.read<{ changes: Props[] }>('history/test-account-changes', {
      accountId: a.accountId,
    });
    assert.deepEqual(
      row!.changes.map((ch) => [ch.objectKind, ch.type, ch.scope, ch.kind, ch.jobId]).sort(),
      [
        ['entity', 'host', SCOPE, 'created', first.id],
        ['entity', 'user', 'system-mapper', 'created', first.id],
        ['relationship', 'host_has_user', SCOPE, 'created', first.id],
      ],
    );
    // Stored lean (decision 0053): no value, a relationship's start entity; the API shows values.
    const placeholder = row!.changes.find((ch) => ch.type === 'user')!;
    assert.deepEqual([placeholder.props, placeholder['after.email']], [[], undefined]);
    const rel = row!.changes.find((ch) => ch.objectKind === 'relationship')!;
    assert.equal(rel.fromId, row!.changes.find((ch) => ch.type === 'host')!.objectId);
    const [created] = await changesOf(a, placeholder.objectId as string);
    assert.deepEqual(created!.changes, [
      { name: '_class', before: null, after: ['User'] },
      { name: '_source', before: null, after: 'system-mapper' },
      { name: '_type', before: null, after: 'user' },
      { name: 'email', before: null, after: 'u@x.io' },
    ]);
  });

  it('PUT, PATCH and OVERRIDE jobs each record what they changed', async () => {
    const a = await freshAccount(['PUT', 'OVERRIDE']);
    const c = new SyncClient(app, a.headers);
    await c.diff(SCOPE, [entity('h', { owner: 'a', size: 1 })]);
    const id = (await ids(a.accountId)).h!;
    const put = await c.sync({ source: 'api', scope: SCOPE, syncMode: 'PUT' }, [
      { entities: [entity('h', { size: 2 })] },
    ]);
    const patch = await c.sync({ source: 'api', scope: SCOPE, syncMode: 'PATCH' }, [
      { entities: [{ _key: 'h', owner: null, note: 'n' }] },
    ]);
    const override = await c.sync({ source: 'api', syncMode: 'OVERRIDE' }, [
      { entities: [{ _type: 'host', _key: 'h', _scope: SCOPE, size: 3 }] },
    ]);
    const changes = (await changesOf(a, id)).slice(0, 3);
    assert.deepEqual(
      changes.map((ch) => [ch.kind, ch.jobId, ch.source, ch.changes]),
      [
        ['updated', override.id, 'sync', [{ name: 'size', before: 2, after: 3 }]],
        [
          'updated',
          patch.id,
          'sync',
          [
            { name: 'note', before: null, after: 'n' },
            { name: 'owner', before: 'a', after: null },
          ],
        ],
        ['updated', put.id, 'sync', [{ name: 'size', before: 1, after: 2 }]],
      ],
    );
  });

  it("records entity API writes with the caller's key: PATCH, then DELETE of the entity and its relationships", async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff(SCOPE, [entity('h1', { owner: 'a' }), entity('h2')], [rel('r12', 'h1', 'h2')]);
    const id = await ids(a.accountId);
    const patched = await request(app)
      .patch(`/entities/${id.h1}`)
      .set(a.headers)
      .send({ properties: { owner: 'b', password: 'hunter2' } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const deleted = await request(app).delete(`/entities/${id.h1}`).set(a.headers);
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    const [del, upd] = await changesOf(a, id.h1!);
    assert.ok(upd!.at >= API_NOW && del!.at === upd!.at + 1, JSON.stringify([upd, del]));
    const common = { keyId: a.keyId, jobId: null, source: 'entity-api' };
    assert.deepEqual(
      { ...pick(del!), changes: del!.changes },
      { ...common, at: del!.at, kind: 'deleted', changes: [] },
    );
    assert.deepEqual(
      { ...pick(upd!), changes: upd!.changes },
      {
        ...common,
        at: upd!.at,
        kind: 'updated',
        changes: [
          { name: 'owner', before: 'a', after: 'b' },
          { name: 'password', before: null, after: '[redacted]' },
        ],
      },
    );
    // The relationship's deletion: in the account's changes, not an entity's history.
    const graph = await testGraph();
    const [row] = await graph.read<{ changes: Props[] }>('history/test-account-changes', {
      accountId: a.accountId,
    });
    const relDeleted = row!.changes.filter((ch) => ch.objectKind === 'relationship');
    assert.deepEqual(
      relDeleted.map((ch) => [ch.key, ch.kind, ch.at, ch.keyId ?? null, ch.source]),
      [
        ['r12', 'created', relDeleted[0]!.at, null, 'sync'],
        ['r12', 'deleted', del!.at, a.keyId, 'entity-api'],
      ],
    );
    // No stored value of a secret-named property anywhere in the history.
    assert.ok(!JSON.stringify(row!.changes).includes('hunter2'));
  });

  it("records a rule's tags (source rule-tag), and nothing when the tag holds already", async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff(SCOPE, [entity('h')]);
    const id = (await ids(a.accountId)).h!;
    const tagger = new GraphEntityTagger({ graph: await testGraph(), now: () => API_NOW });
    assert.equal(await tagger.tag(a.accountId, [id], { 'tag.Critical': true }), 1);
    assert.equal(await tagger.tag(a.accountId, [id], { 'tag.Critical': true }), 1);
    const [tagged, created] = await changesOf(a, id);
    assert.equal(created!.kind, 'created');
    assert.deepEqual(plain(tagged!), {
      objectKind: 'entity',
      objectId: id,
      key: 'h',
      type: 'host',
      scope: SCOPE,
      kind: 'updated',
      at: API_NOW,
      jobId: null,
      keyId: null,
      source: 'rule-tag',
      changes: [{ name: 'tag.Critical', before: null, after: true }],
    });
  });

  it("deleting an account's data (accounts/delete-account-data) deletes its changes, no other account's", async () => {
    const graph = await testGraph();
    const countChanges = async (accountId: string) => {
      const [row] = await graph.readGenerated<{ n: number }>(
        'MATCH (c:_Change) WHERE c.accountId = $accountId RETURN count(c) AS n',
        { accountId },
        { timeoutMs: 30_000 },
      );
      return row!.n;
    };
    const [gone, kept] = [await freshAccount(), await freshAccount()];
    for (const a of [gone, kept]) {
      const c = new SyncClient(app, a.headers);
      await c.diff(SCOPE, [entity('h1'), entity('h2')], [rel('l', 'h1', 'h2')]);
      await c.diff(SCOPE, [entity('h1')]);
      // Two entities and a relationship created, then one entity and the relationship deleted.
      assert.equal(await countChanges(a.accountId), 5);
    }
    // The statement seeks internal_change_object by its first property (decision 0056).
    await graph.write('accounts/delete-account-data', { id: gone.accountId });
    assert.equal(await countChanges(gone.accountId), 0);
    assert.equal(await countChanges(kept.accountId), 5);
  });
});

function pick(c: Change) {
  return { kind: c.kind, at: c.at, jobId: c.jobId, keyId: c.keyId, source: c.source };
}
