import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Alert, RaiseAlertInput } from '../../../src/alerts/alert-api';
import { AlertService } from '../../../src/alerts/alert-service';
import { ConflictError } from '../../../src/errors/app-error';
import type { Graph } from '../../../src/graph/graph';
import { freshAccount, testGraph } from '../../helpers/harness';

/**
 * The alert store on real Neo4j: raise opens then updates a rule's one ACTIVE alert, resolve and
 * dismiss close it so the next raise opens another, the constraint on (accountId, activeRuleId)
 * refuses a second ACTIVE alert, and racing raises meet one alert.
 */
const T0 = 1_750_000_000_000;

interface StoredNode {
  id: string;
  ruleId: string;
  activeRuleId?: string;
  status: string;
  evaluationCount: number;
  queryTotals: string;
  resolvedOn?: number;
  dismissedOn?: number;
}

describe('alert service (real Neo4j)', () => {
  let graph: Graph;
  let alerts: AlertService;
  before(async () => {
    graph = await testGraph();
    alerts = new AlertService({ graph });
  });

  async function nodes(accountId: string): Promise<StoredNode[]> {
    const rows = await graph.read<{ alert: StoredNode }>('alerts/test-account-alerts', {
      accountId,
    });
    return rows.map((r) => r.alert);
  }

  function raising(
    accountId: string,
    ruleId: string,
    extra: Partial<RaiseAlertInput> = {},
  ): RaiseAlertInput {
    return {
      accountId,
      ruleId,
      ruleName: 'open-buckets',
      ruleVersion: 1,
      ruleDescription: 'Public buckets',
      level: 'HIGH',
      evaluationId: randomUUID(),
      queryTotals: { query0: 3 },
      now: T0,
      ...extra,
    };
  }

  it('raise opens an ACTIVE alert, then updates that same alert', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const first = raising(accountId, ruleId);
    const opened = await alerts.raise(first);
    assert.equal(opened.created, true);
    assert.deepEqual(opened.alert, {
      id: opened.alert.id,
      ruleId,
      ruleName: 'open-buckets',
      ruleVersion: 1,
      ruleDescription: 'Public buckets',
      level: 'HIGH',
      status: 'ACTIVE',
      createdOn: T0,
      updatedOn: T0,
      firstEvaluationId: first.evaluationId,
      lastEvaluationId: first.evaluationId,
      evaluationCount: 1,
      queryTotals: { query0: 3 },
    } satisfies Alert);

    const second = raising(accountId, ruleId, {
      ruleName: 'renamed',
      ruleVersion: 2,
      ruleDescription: undefined,
      level: 'CRITICAL',
      queryTotals: { query0: 7, query1: 0 },
      now: T0 + 60_000,
    });
    const updated = await alerts.raise(second);
    assert.equal(updated.created, false);
    assert.deepEqual(updated.alert, {
      id: opened.alert.id,
      ruleId,
      ruleName: 'renamed',
      ruleVersion: 2,
      level: 'CRITICAL',
      status: 'ACTIVE',
      createdOn: T0,
      updatedOn: T0 + 60_000,
      firstEvaluationId: first.evaluationId,
      lastEvaluationId: second.evaluationId,
      evaluationCount: 2,
      queryTotals: { query0: 7, query1: 0 },
    } satisfies Alert);
    const [stored, ...more] = await nodes(accountId);
    assert.deepEqual(more, []);
    assert.deepEqual(
      [stored?.id, stored?.status, stored?.activeRuleId, stored?.evaluationCount],
      [opened.alert.id, 'ACTIVE', ruleId, 2],
    );
    assert.deepEqual(JSON.parse(stored?.queryTotals ?? ''), { query0: 7, query1: 0 });
    assert.deepEqual(await alerts.get({ accountId, alertId: opened.alert.id }), updated.alert);
  });

  it("resolve closes the rule's active alert; the next raise opens a new one", async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const opened = (await alerts.raise(raising(accountId, ruleId))).alert;
    const evaluationId = randomUUID();
    const resolved = await alerts.resolve({ accountId, ruleId, evaluationId, now: T0 + 1000 });
    assert.deepEqual(resolved, {
      ...opened,
      status: 'RESOLVED',
      resolvedOn: T0 + 1000,
      updatedOn: T0 + 1000,
      lastEvaluationId: evaluationId,
    });
    // Nothing left to resolve.
    const again = { accountId, ruleId, evaluationId: randomUUID(), now: T0 + 2000 };
    assert.equal(await alerts.resolve(again), undefined);

    const reopened = await alerts.raise(raising(accountId, ruleId, { now: T0 + 3000 }));
    assert.equal(reopened.created, true);
    assert.notEqual(reopened.alert.id, opened.id);
    assert.deepEqual(
      [reopened.alert.status, reopened.alert.evaluationCount, reopened.alert.createdOn],
      ['ACTIVE', 1, T0 + 3000],
    );
    const stored = await nodes(accountId);
    assert.deepEqual(
      stored.map((n) => [n.id, n.status, n.activeRuleId, n.resolvedOn]),
      [
        [opened.id, 'RESOLVED', undefined, T0 + 1000],
        [reopened.alert.id, 'ACTIVE', ruleId, undefined],
      ],
    );
  });

  it('a dismissed alert stays dismissed: the next raise opens a new one', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const opened = (await alerts.raise(raising(accountId, ruleId))).alert;
    const dismissed = await alerts.dismiss({ accountId, alertId: opened.id });
    assert.equal(dismissed.status, 'DISMISSED');
    // Resolve finds no active alert any more.
    const resolve = { accountId, ruleId, evaluationId: randomUUID(), now: T0 + 500 };
    assert.equal(await alerts.resolve(resolve), undefined);

    const next = await alerts.raise(raising(accountId, ruleId, { now: T0 + 1000 }));
    assert.equal(next.created, true);
    assert.notEqual(next.alert.id, opened.id);
    const stored = await nodes(accountId);
    assert.deepEqual(
      stored.map((n) => [n.id, n.status, n.activeRuleId, n.evaluationCount]),
      [
        [opened.id, 'DISMISSED', undefined, 1],
        [next.alert.id, 'ACTIVE', ruleId, 1],
      ],
    );
  });

  it('the constraint refuses a second ACTIVE alert for a rule written directly', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    await alerts.raise(raising(accountId, ruleId));
    const direct = { accountId, ruleId, id: randomUUID(), now: T0 };
    await assert.rejects(
      graph.write('alerts/test-create-active-alert', direct),
      (err: unknown) => err instanceof ConflictError,
    );
    // Another rule, or the same rule once its alert is resolved, may have one.
    await graph.write('alerts/test-create-active-alert', {
      ...direct,
      ruleId: randomUUID(),
      id: randomUUID(),
    });
    await alerts.resolve({ accountId, ruleId, evaluationId: 'e', now: T0 + 1 });
    await graph.write('alerts/test-create-active-alert', direct);
    // Another account's rule of the same id is not constrained by this one's.
    const other = await freshAccount();
    await graph.write('alerts/test-create-active-alert', {
      ...direct,
      accountId: other.accountId,
      id: randomUUID(),
    });
    const active = (await nodes(accountId)).filter((n) => n.status === 'ACTIVE');
    assert.equal(active.length, 2);
  });

  it('concurrent raises for one rule leave exactly one ACTIVE alert, counting every raise', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        alerts.raise(raising(accountId, ruleId, { now: T0 + i })),
      ),
    );
    assert.equal(results.filter((r) => r.created).length, 1);
    assert.equal(new Set(results.map((r) => r.alert.id)).size, 1);
    const stored = await nodes(accountId);
    assert.equal(stored.length, 1);
    assert.deepEqual([stored[0]?.status, stored[0]?.evaluationCount], ['ACTIVE', 8]);
  });

  it('a raise that meets the constraint raises again and updates the alert that won', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const winner = randomUUID();
    // The first raise loses to a concurrent writer that opened the rule's alert: Neo4j's
    // constraint error (mapped to ConflictError by src/graph) after the winner committed.
    let lost = false;
    const racing = Object.create(graph) as Graph;
    racing.write = async <T extends object>(name: string, params?: Record<string, unknown>) => {
      if (name === 'alerts/raise-alert' && !lost) {
        lost = true;
        await graph.write('alerts/test-create-active-alert', {
          accountId,
          ruleId,
          id: winner,
          now: T0,
        });
        throw new ConflictError('A uniqueness constraint rejected the write in alerts/raise-alert');
      }
      return graph.write<T>(name, params);
    };
    const raised = await new AlertService({ graph: racing }).raise(raising(accountId, ruleId));
    assert.equal(lost, true);
    assert.deepEqual(
      [raised.created, raised.alert.id, raised.alert.evaluationCount, raised.alert.status],
      [false, winner, 2, 'ACTIVE'],
    );
    assert.equal((await nodes(accountId)).length, 1);
  });

  it('a raise waiting on a dismiss in progress opens a new alert once the dismiss commits', async () => {
    const { accountId } = await freshAccount();
    const ruleId = randomUUID();
    const opened = (await alerts.raise(raising(accountId, ruleId))).alert;
    let raised: Promise<{ alert: Alert; created: boolean }> | undefined;
    await graph.writeTx(async (tx) => {
      await tx.run('alerts/dismiss-alert', { accountId, id: opened.id, now: T0 + 10 });
      // The dismiss holds the alert's write lock until this transaction commits.
      raised ??= alerts.raise(raising(accountId, ruleId, { now: T0 + 20 }));
      await sleep(300);
    });
    const next = await raised!;
    assert.equal(next.created, true);
    assert.notEqual(next.alert.id, opened.id);
    const stored = await nodes(accountId);
    assert.deepEqual(
      stored.map((n) => [n.id, n.status, n.evaluationCount]),
      [
        [opened.id, 'DISMISSED', 1],
        [next.alert.id, 'ACTIVE', 1],
      ],
    );
  });
});
