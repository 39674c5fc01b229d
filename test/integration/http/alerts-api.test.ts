import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import request from 'supertest';
import type { Alert, RaiseAlertInput } from '../../../src/alerts/alert-api';
import { AlertService } from '../../../src/alerts/alert-service';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';

/**
 * The alerts API on real Neo4j: GET /alerts (filters, keyset pages), GET /alerts/{alertId} and
 * POST /alerts/{alertId}/dismiss, with dismissals read back from the `:_Alert` nodes. Rule
 * evaluation is not involved: alerts are raised through the service, on a settable clock.
 */
const T0 = Date.UTC(2030, 0, 2, 3, 4, 5, 678);

interface StoredNode {
  id: string;
  status: string;
  activeRuleId?: string;
  dismissedOn?: number;
  updatedOn: number;
}

describe('alerts API: /alerts (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let service: AlertService;
  let clock = T0;
  before(async () => {
    service = new AlertService({ graph: await testGraph(), now: () => clock });
    app = await testApp({ alerts: service });
  });
  beforeEach(() => {
    clock = T0;
  });

  const get = (a: TestAccount, path: string) => request(app).get(path).set(a.headers);
  const dismiss = (a: TestAccount, id: string) =>
    request(app).post(`/alerts/${id}/dismiss`).set(a.headers);

  async function raise(
    a: TestAccount,
    ruleId: string,
    extra: Partial<RaiseAlertInput> = {},
  ): Promise<Alert> {
    const input: RaiseAlertInput = {
      accountId: a.accountId,
      ruleId,
      ruleName: `rule-${ruleId.slice(0, 8)}`,
      ruleVersion: 1,
      level: 'HIGH',
      evaluationId: randomUUID(),
      queryTotals: { query0: 1 },
      now: T0,
      ...extra,
    };
    return (await service.raise(input)).alert;
  }

  async function stored(a: TestAccount): Promise<StoredNode[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ alert: StoredNode }>('alerts/test-account-alerts', {
      accountId: a.accountId,
    });
    return rows.map((r) => r.alert);
  }

  function expectError(res: request.Response, status: number, code: string, message: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.deepEqual(res.body, { error: { code, message } });
  }

  const ids = (res: request.Response): string[] =>
    (res.body.alerts as Array<{ id: string }>).map((x) => x.id);

  /**
   * Five alerts of two rules: r1 resolved then re-opened, r2 dismissed then re-opened, one rule
   * with two alerts created at the same time (listed by id). Answers them newest first.
   */
  async function seed(a: TestAccount) {
    const [r1, r2, r3] = [randomUUID(), randomUUID(), randomUUID()];
    const old1 = await raise(a, r1, { level: 'LOW', now: T0 });
    await service.resolve({ accountId: a.accountId, ruleId: r1, evaluationId: 'e', now: T0 + 5 });
    const old2 = await raise(a, r2, { level: 'MEDIUM', now: T0 + 10 });
    await service.dismiss({ accountId: a.accountId, alertId: old2.id });
    const new1 = await raise(a, r1, { level: 'CRITICAL', now: T0 + 20 });
    const tied = [await raise(a, r2, { now: T0 + 30 }), await raise(a, r3, { now: T0 + 30 })].sort(
      (x, y) => (x.id < y.id ? -1 : 1),
    );
    const newest = [tied[0]!, tied[1]!, new1, old2, old1];
    return { r1, r2, r3, old1, old2, new1, newest };
  }

  it('lists newest first, filtered by rule, status and level', async () => {
    const a = await freshAccount();
    const { r1, r2, old1, old2, new1, newest } = await seed(a);
    const all = await get(a, '/alerts');
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(
      ids(all),
      newest.map((x) => x.id),
    );
    assert.equal(all.body.cursor, undefined);
    assert.deepEqual(all.body.alerts[2], new1);

    assert.deepEqual(ids(await get(a, `/alerts?ruleId=${r1}`)), [new1.id, old1.id]);
    assert.deepEqual(ids(await get(a, '/alerts?status=RESOLVED')), [old1.id]);
    assert.deepEqual(ids(await get(a, '/alerts?status=DISMISSED')), [old2.id]);
    assert.deepEqual(
      ids(await get(a, '/alerts?status=ACTIVE')),
      newest.slice(0, 3).map((x) => x.id),
    );
    assert.deepEqual(ids(await get(a, '/alerts?level=CRITICAL')), [new1.id]);
    assert.deepEqual(ids(await get(a, `/alerts?ruleId=${r2}&status=ACTIVE&level=HIGH`)), [
      newest.find((x) => x.ruleId === r2 && x.status === 'ACTIVE')!.id,
    ]);
    assert.deepEqual(ids(await get(a, `/alerts?ruleId=${r2}&level=LOW`)), []);
    assert.deepEqual(ids(await get(a, '/alerts?ruleId=no-such-rule')), []);
    // Another account sees none of them.
    assert.deepEqual(ids(await get(await freshAccount(), '/alerts')), []);
  });

  it('pages with an opaque cursor, ties on createdOn by id, filters kept', async () => {
    const a = await freshAccount();
    const { newest } = await seed(a);
    const seen: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await get(
        a,
        `/alerts?limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      seen.push(ids(page));
      cursor = page.body.cursor as string | undefined;
    } while (cursor !== undefined);
    assert.deepEqual(seen, [
      [newest[0]!.id, newest[1]!.id],
      [newest[2]!.id, newest[3]!.id],
      [newest[4]!.id],
    ]);
    // A page that ends exactly at the last alert has no cursor.
    const active = await get(a, '/alerts?status=ACTIVE&limit=2');
    assert.deepEqual(ids(active), [newest[0]!.id, newest[1]!.id]);
    const rest = await get(a, `/alerts?status=ACTIVE&limit=2&cursor=${active.body.cursor}`);
    assert.deepEqual(ids(rest), [newest[2]!.id]);
    assert.equal(rest.body.cursor, undefined);
    const exact = await get(a, '/alerts?limit=5');
    assert.deepEqual(ids(exact).length, 5);
    assert.equal(exact.body.cursor, undefined);
  });

  it('bad filter values, limits and cursors are 400, never 500', async () => {
    const a = await freshAccount();
    await seed(a);
    const statusMessage =
      "query parameter 'status' must be equal to one of the allowed values: ACTIVE, RESOLVED, DISMISSED";
    const badCursor =
      "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given";
    for (const [query, message] of [
      ['status=OPEN', statusMessage],
      ['status=active', statusMessage],
      [
        'level=SEVERE',
        "query parameter 'level' must be equal to one of the allowed values: INFO, LOW, MEDIUM, HIGH, CRITICAL",
      ],
      ['limit=0', /^query parameter 'limit' /],
      ['limit=1001', /^query parameter 'limit' /],
      ['limit=abc', /^query parameter 'limit' /],
      ['limit=1.5', /^query parameter 'limit' /],
      ['ruleId=', /^query parameter 'ruleId' /],
      ['sort=createdOn', /Unknown query parameter 'sort'/],
      ['cursor=zzz', badCursor],
      [`cursor=${Buffer.from('not-a-key').toString('base64url')}`, badCursor],
      [`cursor=${Buffer.from(`12:${randomUUID()}x`).toString('base64url')}`, badCursor],
      [`cursor=${Buffer.from(`1e3:${randomUUID()}`).toString('base64url')}`, badCursor],
      [
        `cursor=${Buffer.from(`9999999999999999:${randomUUID()}`).toString('base64url')}`,
        badCursor,
      ],
      ['cursor=', /^query parameter 'cursor' /],
    ] as const) {
      const res = await get(a, `/alerts?${query}`);
      assert.equal(res.status, 400, `${query}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'VALIDATION_ERROR', query);
      if (typeof message === 'string') assert.equal(res.body.error.message, message, query);
      else assert.match(res.body.error.message, message, query);
    }
  });

  it("reads one alert; an unknown id or another account's alert is 404 ALERT_NOT_FOUND", async () => {
    const a = await freshAccount();
    const alert = await raise(a, randomUUID(), {
      ruleDescription: 'Public buckets',
      queryTotals: { query0: 4, query1: 0 },
    });
    const res = await get(a, `/alerts/${alert.id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { alert });
    assert.deepEqual(res.body.alert.queryTotals, { query0: 4, query1: 0 });
    const other = await freshAccount();
    for (const [account, id] of [
      [other, alert.id],
      [a, 'no-such-alert'],
      [a, randomUUID()],
    ] as const) {
      const message = `No alert with id '${id}' in this account`;
      expectError(await get(account, `/alerts/${id}`), 404, 'ALERT_NOT_FOUND', message);
      expectError(await dismiss(account, id), 404, 'ALERT_NOT_FOUND', message);
    }
    // The other account's attempt changed nothing.
    assert.deepEqual((await get(a, `/alerts/${alert.id}`)).body, { alert });
  });

  it('dismisses an active alert; dismissing it again answers it unchanged', async () => {
    const a = await freshAccount();
    const ruleId = randomUUID();
    const alert = await raise(a, ruleId);
    clock = T0 + 60_000;
    const res = await dismiss(a, alert.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, {
      alert: { ...alert, status: 'DISMISSED', dismissedOn: T0 + 60_000, updatedOn: T0 + 60_000 },
    });
    const [node, ...more] = await stored(a);
    assert.deepEqual(more, []);
    assert.deepEqual(
      [node?.id, node?.status, node?.dismissedOn, node?.updatedOn, node?.activeRuleId],
      [alert.id, 'DISMISSED', T0 + 60_000, T0 + 60_000, undefined],
    );

    clock = T0 + 120_000;
    const again = await dismiss(a, alert.id);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body, res.body);
    assert.deepEqual((await get(a, `/alerts/${alert.id}`)).body, res.body);
    assert.equal((await stored(a))[0]?.dismissedOn, T0 + 60_000);

    // The rule's next firing opens a new alert; the dismissed one stays as it is.
    const next = await raise(a, ruleId, { now: T0 + 180_000 });
    assert.notEqual(next.id, alert.id);
    assert.deepEqual(ids(await get(a, '/alerts')), [next.id, alert.id]);
  });

  it('dismissing a resolved alert is 409 ALERT_NOT_ACTIVE and changes nothing', async () => {
    const a = await freshAccount();
    const ruleId = randomUUID();
    await raise(a, ruleId);
    const resolved = await service.resolve({
      accountId: a.accountId,
      ruleId,
      evaluationId: randomUUID(),
      now: T0 + 1000,
    });
    assert.ok(resolved !== undefined);
    const res = await dismiss(a, resolved.id);
    expectError(
      res,
      409,
      'ALERT_NOT_ACTIVE',
      `Alert '${resolved.id}' is RESOLVED; only an active alert can be dismissed`,
    );
    assert.deepEqual((await get(a, `/alerts/${resolved.id}`)).body, { alert: resolved });
    const [node] = await stored(a);
    assert.deepEqual([node?.status, node?.dismissedOn], ['RESOLVED', undefined]);
  });

  it('requires an API key of the account', async () => {
    const a = await freshAccount();
    const alert = await raise(a, randomUUID());
    const anonymous = await request(app)
      .get(`/alerts/${alert.id}`)
      .set('JupiterOne-Account', a.accountId);
    assert.equal(anonymous.status, 401);
    const other = await freshAccount();
    const wrong = await request(app)
      .post(`/alerts/${alert.id}/dismiss`)
      .set({ ...other.headers, 'JupiterOne-Account': a.accountId });
    assert.equal(wrong.status, 403);
    assert.equal((await get(a, `/alerts/${alert.id}`)).body.alert.status, 'ACTIVE');
  });
});
