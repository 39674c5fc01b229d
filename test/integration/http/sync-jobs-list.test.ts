import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import {
  freshAccount,
  testApp,
  testGraph,
  type TestAccount,
  trackAccount,
} from '../../helpers/harness';

/**
 * GET /persister/synchronization/jobs on real Neo4j: the account's jobs newest first, every
 * filter, keyset pages, refusals, and other accounts' jobs kept out. Jobs are made through the
 * API; their start times are then set on the nodes, so that the order and `startedSince` are
 * tested on known instants (two jobs share one, to test the tie on `id`).
 */
const JOBS = '/persister/synchronization/jobs';
const T0 = Date.UTC(2030, 0, 2, 3, 4, 5, 678);

interface Job {
  id: string;
  status: string;
  source: string;
  scope?: string;
  integrationInstanceId?: string;
  startTimestamp: number;
  [field: string]: unknown;
}

describe('sync jobs listing: GET /persister/synchronization/jobs (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let a: TestAccount;
  /** The account's jobs as GET /jobs/{id} answers them, newest first. */
  let all: Job[];

  const list = (query: string, who: TestAccount = a) =>
    request(app)
      .get(`${JOBS}${query === '' ? '' : `?${query}`}`)
      .set(who.headers);

  async function start(body: object, at: number): Promise<string> {
    const res = await request(app).post(JOBS).set(a.headers).send(body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = (res.body as { job: Job }).job.id;
    const graph = await testGraph();
    await graph.write('sync/update-job', {
      accountId: a.accountId,
      jobId: id,
      set: { startTimestamp: at },
    });
    return id;
  }

  before(async () => {
    app = await testApp();
    a = await freshAccount([], { suiteWide: true });
    const entity = { entities: [{ _key: 'k', _type: 'list_thing', _class: 'Thing' }] };
    // 0: api/alpha FINISHED, 1: api/alpha ABORTED, 2: api/beta AWAITING_UPLOADS,
    // 3: integration-external inst-1, 4 and 5: api/beta at the same instant, 6: inst-2 ABORTED.
    const ids = [
      await start({ source: 'api', scope: 'alpha' }, T0),
      await start({ source: 'api', scope: 'alpha' }, T0 + 1000),
      await start({ source: 'api', scope: 'beta' }, T0 + 2000),
      await start({ source: 'integration-external', integrationInstanceId: 'inst-1' }, T0 + 3000),
      await start({ source: 'api', scope: 'beta' }, T0 + 4000),
      await start({ source: 'api', scope: 'beta' }, T0 + 4000),
      await start({ source: 'integration-external', integrationInstanceId: 'inst-2' }, T0 + 5000),
    ];
    await request(app).post(`${JOBS}/${ids[0]}/upload`).set(a.headers).send(entity).expect(200);
    await request(app).post(`${JOBS}/${ids[0]}/finalize`).set(a.headers).send({}).expect(200);
    for (const i of [1, 6]) {
      await request(app).post(`${JOBS}/${ids[i]}/abort`).set(a.headers).send({}).expect(200);
    }
    all = [];
    for (const id of ids) {
      const res = await request(app).get(`${JOBS}/${id}`).set(a.headers).expect(200);
      all.push((res.body as { job: Job }).job);
    }
    all.sort((x, y) => y.startTimestamp - x.startTimestamp || (x.id < y.id ? -1 : 1));
  });

  after(() => trackAccount(a.accountId));

  const ids = (jobs: Job[]) => jobs.map((j) => j.id);
  const where = (keep: (j: Job) => boolean) => ids(all.filter(keep));

  it('lists every job of the account, newest first (ties by id), as GET /jobs/{id} shows it', async () => {
    const res = await list('');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { jobs: all });
    assert.equal(all.length, 7);
    assert.deepEqual(
      all.map((j) => j.startTimestamp),
      [5000, 4000, 4000, 3000, 2000, 1000, 0].map((d) => T0 + d),
    );
  });

  it('filters by one status, by several, by scope, source and integration instance', async () => {
    const cases: Array<[string, (j: Job) => boolean]> = [
      ['status=FINISHED', (j) => j.status === 'FINISHED'],
      ['status=ABORTED&status=FINISHED', (j) => ['ABORTED', 'FINISHED'].includes(j.status)],
      ['status=FAILED', () => false],
      ['scope=beta', (j) => j.scope === 'beta'],
      ['source=integration-external', (j) => j.source === 'integration-external'],
      ['integrationInstanceId=inst-2', (j) => j.integrationInstanceId === 'inst-2'],
      ['scope=alpha&status=ABORTED', (j) => j.scope === 'alpha' && j.status === 'ABORTED'],
    ];
    for (const [query, keep] of cases) {
      const res = await list(query);
      assert.equal(res.status, 200, query);
      assert.deepEqual(ids((res.body as { jobs: Job[] }).jobs), where(keep), query);
      assert.ok(where(keep).length > 0 || query === 'status=FAILED', query);
    }
  });

  it('takes startedSince as epoch milliseconds or an ISO date-time, inclusive', async () => {
    const since = T0 + 3000;
    const expected = where((j) => j.startTimestamp >= since);
    assert.equal(expected.length, 4);
    for (const value of [
      String(since),
      new Date(since).toISOString(),
      // The same instant at +02:00 (the + encoded).
      '2030-01-02T05:04:08.678%2B02:00',
    ]) {
      const res = await list(`startedSince=${value}`);
      assert.equal(res.status, 200, value);
      assert.deepEqual(ids((res.body as { jobs: Job[] }).jobs), expected, value);
    }
  });

  it('pages with limit and cursor, with the filters, to the same jobs in the same order', async () => {
    for (const filter of ['', 'scope=beta&']) {
      const seen: Job[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await list(
          `${filter}limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`,
        );
        assert.equal(res.status, 200);
        const page = res.body as { jobs: Job[]; cursor?: string };
        assert.ok(page.jobs.length <= 2);
        seen.push(...page.jobs);
        cursor = page.cursor;
        pages++;
      } while (cursor !== undefined);
      const expected = filter === '' ? ids(all) : where((j) => j.scope === 'beta');
      assert.deepEqual(ids(seen), expected, filter);
      assert.equal(pages, Math.ceil(expected.length / 2), filter);
    }
  });

  it("never shows another account's jobs", async () => {
    const b = await freshAccount();
    const res = await list('', b);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { jobs: [] });
    const scoped = await list('scope=alpha', b);
    assert.deepEqual(scoped.body, { jobs: [] });
  });

  it('answers 400 with a message naming the bad filter, cursor or limit', async () => {
    const statuses = 'AWAITING_UPLOADS, FINALIZE_PENDING, FINISHED, ABORTED, FAILED, ERROR';
    const cases: Array<[string, string]> = [
      [
        'status=DONE',
        `query parameter 'status/0' must be equal to one of the allowed values: ${statuses}`,
      ],
      [
        'source=cli',
        "query parameter 'source' must be equal to one of the allowed values: api, integration-external, integration-managed, system-internal",
      ],
      [
        'startedSince=yesterday',
        "query parameter 'startedSince' must be epoch milliseconds or an ISO 8601 date-time such as 2026-01-31T12:00:00Z",
      ],
      [
        'startedSince=2030-01-02',
        "query parameter 'startedSince' must be epoch milliseconds or an ISO 8601 date-time such as 2026-01-31T12:00:00Z",
      ],
      [
        'cursor=bm90LWEtY3Vyc29y',
        "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given",
      ],
      ['limit=1001', "query parameter 'limit' must be <= 1000"],
      ['scope=', "query parameter 'scope' Empty value found for query parameter 'scope'"],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      assert.equal(res.status, 400, query);
      assert.deepEqual(res.body, { error: { code: 'VALIDATION_ERROR', message } }, query);
    }
  });
});
