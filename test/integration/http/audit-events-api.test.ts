import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import request from 'supertest';
import { AuditService } from '../../../src/audit/audit-service';
import type { AuditActor, AuditRecord } from '../../../src/audit/audit-types';
import {
  freshAccount,
  startTestApi,
  testApp,
  testGraph,
  type TestAccount,
} from '../../helpers/harness';

/**
 * GET /audit-events on real Neo4j: newest first, the `since`, `until`, `actor` and `target`
 * filters, keyset pages and their 400s, one account's events only; and the retention: events
 * older than AUDIT_RETENTION_DAYS are pruned (by the service, and by the API's background).
 */
const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 2, 3, 4, 5, 678);

describe('audit trail: GET /audit-events and retention (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let clock = T0;
  let service: AuditService;
  before(async () => {
    service = new AuditService({
      graph: await testGraph(),
      retentionMs: 365 * DAY,
      now: () => clock,
    });
    app = await testApp({ audit: service });
  });

  const key = (keyId: string): AuditActor => ({ type: 'apiKey', keyId, keyName: keyId });

  async function record(
    a: TestAccount,
    at: number,
    actor: AuditActor,
    targetId: string,
  ): Promise<string> {
    clock = at;
    const event: AuditRecord = {
      accountId: a.accountId,
      actor,
      operation: 'putParameter',
      action: 'update',
      target: { type: 'parameter', id: targetId },
      summary: { name: targetId, secret: false },
      requestId: null,
    };
    return (await service.record(event)).id;
  }

  /**
   * Six events: two at the same instant (listed by id), four actors, three targets. Answers them
   * by name (e0 oldest) and in the listing's order (newest first).
   */
  async function seed(a: TestAccount): Promise<{ e: string[]; order: string[] }> {
    const e = [
      await record(a, T0, key('k1'), 't1'),
      await record(a, T0 + 1000, key('k2'), 't2'),
      await record(a, T0 + 2000, key('k1'), 't2'),
      await record(a, T0 + 2000, { type: 'admin' }, 't3'),
      await record(a, T0 + 3000, { type: 'cli' }, 't1'),
      await record(a, T0 + 4000, key('k1'), 't1'),
    ];
    return { e, order: [e[5]!, e[4]!, ...[e[2]!, e[3]!].sort(), e[1]!, e[0]!] };
  }

  const get = (a: TestAccount, query: string) =>
    request(app).get(`/audit-events${query}`).set(a.headers);
  const ids = (res: request.Response): string[] =>
    (res.body.events as Array<{ id: string }>).map((e) => e.id);
  const iso = (ms: number) => new Date(ms).toISOString();

  it('lists newest first, only the caller account, every field', async () => {
    const a = await freshAccount();
    const other = await freshAccount();
    const { order } = await seed(a);
    await record(other, T0 + 5000, key('k1'), 't1');
    const res = await get(a, '');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(ids(res), order);
    assert.equal(res.body.cursor, undefined);
    assert.deepEqual(res.body.events[0], {
      id: order[0],
      accountId: a.accountId,
      occurredOn: T0 + 4000,
      occurredAt: iso(T0 + 4000),
      actor: { type: 'apiKey', keyId: 'k1', keyName: 'k1' },
      operation: 'putParameter',
      action: 'update',
      target: { type: 'parameter', id: 't1' },
      summary: { name: 't1', secret: false },
      requestId: null,
    });
    assert.deepEqual(res.body.events[1].actor, { type: 'cli', keyId: null, keyName: null });
    assert.equal((await get(other, '')).body.events.length, 1);
  });

  it('filters by time (since inclusive, until exclusive), actor and target', async () => {
    const a = await freshAccount();
    const { e, order } = await seed(a);
    const cases: Array<[string, string[]]> = [
      [`since=${iso(T0 + 2000)}`, order.slice(0, 4)],
      [`until=${iso(T0 + 2000)}`, [e[1]!, e[0]!]],
      [`since=${iso(T0 + 1000)}&until=${iso(T0 + 3000)}`, order.slice(2, 5)],
      // T0 + 3000 written with an offset.
      [`since=${encodeURIComponent('2030-01-02T05:04:08.678+02:00')}`, [e[5]!, e[4]!]],
      [`since=${iso(T0 + 5000)}`, []],
      ['actor=k2', [e[1]!]],
      ['target=t2', [e[2]!, e[1]!]],
      ['actor=k1&target=t1', [e[5]!, e[0]!]],
      [`actor=k1&since=${iso(T0 + 1)}`, [e[5]!, e[2]!]],
    ];
    for (const [query, expected] of cases) {
      const res = await get(a, `?${query}`);
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(ids(res), expected, query);
    }
  });

  it('pages with the cursor, whole and in order', async () => {
    const a = await freshAccount();
    const { order } = await seed(a);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(a, `?limit=4${cursor === undefined ? '' : `&cursor=${cursor}`}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      seen.push(...ids(res));
      cursor = res.body.cursor as string | undefined;
      pages += 1;
    } while (cursor !== undefined);
    assert.equal(pages, 2);
    assert.deepEqual(seen, order);
    const first = await get(a, '?limit=2&target=t1');
    const second = await get(a, `?limit=2&target=t1&cursor=${first.body.cursor as string}`);
    assert.deepEqual([...ids(first), ...ids(second)], [order[0], order[1], order[5]]);
    assert.equal(second.body.cursor, undefined);
  });

  it('bad filters, limits and cursors are 400, never 500', async () => {
    const a = await freshAccount();
    const badCursor =
      "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given";
    for (const [query, message] of [
      ['since=yesterday', /^query parameter 'since' /],
      ['since=2030-01-02', /^query parameter 'since' /],
      ['until=2030-01-02T03:04:05', /^query parameter 'until' /],
      ['actor=', /^query parameter 'actor' /],
      ['target=', /^query parameter 'target' /],
      ['limit=0', /^query parameter 'limit' /],
      ['limit=1001', /^query parameter 'limit' /],
      ['sort=occurredOn', /Unknown query parameter 'sort'/],
      ['cursor=zzz', badCursor],
      [`cursor=${Buffer.from('not-a-key').toString('base64url')}`, badCursor],
      [`cursor=${Buffer.from(`1e3:${randomUUID()}`).toString('base64url')}`, badCursor],
    ] as const) {
      const res = await get(a, `?${query}`);
      assert.equal(res.status, 400, `${query}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'VALIDATION_ERROR', query);
      if (typeof message === 'string') assert.equal(res.body.error.message, message, query);
      else assert.match(res.body.error.message as string, message, query);
    }
  });

  it('prunes the events older than the retention, of every account, and keeps the rest', async () => {
    const a = await freshAccount();
    const b = await freshAccount();
    const now = T0 + 1000 * DAY;
    const expired = await record(a, now - 366 * DAY, key('k1'), 'old');
    await record(b, now - 400 * DAY, key('k1'), 'old');
    const kept = await record(a, now - 364 * DAY, key('k1'), 'fresh');
    clock = now;
    assert.ok((await service.prune()) >= 2);
    const graph = await testGraph();
    const left = async (x: TestAccount) =>
      (
        await graph.read<{ event: { id: string } }>('audit/test-account-audit-events', {
          accountId: x.accountId,
        })
      ).map((r) => r.event.id);
    assert.deepEqual(await left(a), [kept]);
    assert.deepEqual(await left(b), []);
    assert.notEqual(expired, kept);
    assert.equal(await service.prune(), 0);
  });

  it("the API's background prunes at start-up with AUDIT_RETENTION_DAYS", async () => {
    const a = await freshAccount();
    const graph = await testGraph();
    const real = new AuditService({ graph, retentionMs: 365 * DAY });
    clock = Date.now() - 2 * DAY;
    const stale = await record(a, clock, key('k1'), 'stale');
    const fresh = (
      await real.record({
        accountId: a.accountId,
        actor: key('k1'),
        operation: 'putParameter',
        action: 'update',
        target: { type: 'parameter', id: 'fresh' },
        summary: {},
        requestId: null,
      })
    ).id;
    const left = async () =>
      (
        await graph.read<{ event: { id: string } }>('audit/test-account-audit-events', {
          accountId: a.accountId,
        })
      ).map((r) => r.event.id);
    assert.deepEqual(await left(), [stale, fresh]);
    const api = await startTestApi({ AUDIT_RETENTION_DAYS: '1' });
    try {
      for (let i = 0; i < 200 && (await left()).includes(stale); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.deepEqual(await left(), [fresh]);
    } finally {
      await api.close();
    }
  });

  it("deleting an account's data (accounts/delete-account-data) deletes its events", async () => {
    const a = await freshAccount();
    await seed(a);
    const graph = await testGraph();
    await graph.write('accounts/delete-account-data', { id: a.accountId });
    const rows = await graph.read('audit/test-account-audit-events', { accountId: a.accountId });
    assert.deepEqual(rows, []);
  });
});
