import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Services } from '../../../src/compose/build-services';
import type { Graph } from '../../../src/graph/graph';
import { DIGEST_STALE_CLAIM_MS } from '../../../src/notifications/digest-sender';
import { freshAccount, testConfig, testGraph, testServices } from '../../helpers/harness';
import { SmtpTestServer } from '../actions/smtp-test-server';

/**
 * The alert digest on the real Neo4j and a real SMTP receiver: what a period lists, once per
 * period however many callers tick at once, and what is recorded when nothing is sent.
 */
const at = (iso: string) => Date.parse(iso);
/** A tick on Monday 30 Nov 2026: the DAILY digest covers Sunday 29 Nov (UTC). */
const NOW = at('2026-11-30T03:40:00Z');
const DAY = 86_400_000;

interface AlertSeed {
  ruleId: string;
  ruleName: string;
  level: string | null;
  status: 'ACTIVE' | 'RESOLVED' | 'DISMISSED';
  createdOn: string;
  resolvedOn?: string;
  dismissedOn?: string;
}

async function seedAlerts(graph: Graph, accountId: string, alerts: AlertSeed[]): Promise<void> {
  for (const a of alerts) {
    await graph.write('digests/test-create-alert', {
      accountId,
      id: randomUUID(),
      ruleId: a.ruleId,
      ruleName: a.ruleName,
      level: a.level,
      status: a.status,
      createdOn: at(a.createdOn),
      resolvedOn: a.resolvedOn === undefined ? null : at(a.resolvedOn),
      dismissedOn: a.dismissedOn === undefined ? null : at(a.dismissedOn),
    });
  }
}

async function runs(graph: Graph, accountId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await graph.read<{ run: Record<string, unknown> }>('digests/test-digest-runs', {
    accountId,
  });
  return rows.map((r) => r.run);
}

describe('alert digest: contents and once per period (real Neo4j, real SMTP)', () => {
  let smtp: SmtpTestServer;
  let services: Services;
  let graph: Graph;

  before(async () => {
    smtp = await new SmtpTestServer().start();
    graph = await testGraph();
    services = await testServices({ config: testConfig({ outbound: { smtpUrl: smtp.url } }) });
  });
  after(() => smtp.close());
  beforeEach(() => {
    smtp.received.length = 0;
  });

  async function optedIn(recipients: string[] = ['ops@example.test']) {
    const a = await freshAccount();
    await services.accounts.digest.set(a.accountId, { frequency: 'DAILY', recipients });
    return a;
  }

  it('lists the alerts opened, still open and dismissed in the period, by level then rule', async () => {
    const a = await optedIn();
    await seedAlerts(graph, a.accountId, [
      // Opened on the 29th and still open: opened, open.
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
      // Opened and resolved on the 29th: opened.
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'RESOLVED',
        createdOn: '2026-11-29T06:00:00Z',
        resolvedOn: '2026-11-29T07:00:00Z',
      },
      // Opened before, still open: open.
      {
        ruleId: 'r2',
        ruleName: 'Admin users',
        level: 'CRITICAL',
        status: 'ACTIVE',
        createdOn: '2026-11-20T00:00:00Z',
      },
      // Opened on the 29th, dismissed after the period: opened, and open at its end.
      {
        ruleId: 'r2',
        ruleName: 'Admin users',
        level: 'CRITICAL',
        status: 'DISMISSED',
        createdOn: '2026-11-29T12:00:00Z',
        dismissedOn: '2026-11-30T02:00:00Z',
      },
      // Opened before, dismissed on the 29th: dismissed.
      {
        ruleId: 'r3',
        ruleName: 'Stale keys',
        level: 'LOW',
        status: 'DISMISSED',
        createdOn: '2026-11-25T00:00:00Z',
        dismissedOn: '2026-11-29T10:00:00Z',
      },
      // Not in the period: opened after it; dismissed before it; resolved before it.
      {
        ruleId: 'r4',
        ruleName: 'Later rule',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-30T01:00:00Z',
      },
      {
        ruleId: 'r5',
        ruleName: 'Old dismissed',
        level: 'MEDIUM',
        status: 'DISMISSED',
        createdOn: '2026-11-20T00:00:00Z',
        dismissedOn: '2026-11-28T00:00:00Z',
      },
      {
        ruleId: 'r6',
        ruleName: 'Old resolved',
        level: 'MEDIUM',
        status: 'RESOLVED',
        createdOn: '2026-11-20T00:00:00Z',
        resolvedOn: '2026-11-28T23:59:59Z',
      },
    ]);

    const outcome = await services.digests.runAccount(a.accountId, NOW);
    assert.equal(outcome?.status, 'SENT', outcome?.detail ?? '');
    assert.equal(smtp.received.length, 1);
    const [mail] = smtp.received;
    assert.deepEqual(mail!.rcptTo, ['ops@example.test']);
    assert.equal(
      mail!.subject,
      'graphsync daily digest: 3 alerts opened, 3 open, 1 dismissed (29 Nov 2026)',
    );
    assert.match(mail!.contentType, /multipart\/alternative/);
    const text = mail!.text;
    assert.match(text, /2026-11-29 00:00 UTC to 2026-11-30 00:00 UTC/);
    assert.match(text, /3 opened, 3 still open, 1 dismissed/);
    assert.match(text, /- Admin users: 1 opened, 2 still open, 0 dismissed/);
    assert.match(text, /- Public hosts: 2 opened, 1 still open, 0 dismissed/);
    assert.match(text, /- Stale keys: 0 opened, 0 still open, 1 dismissed/);
    assert.ok(
      text.indexOf('CRITICAL') < text.indexOf('HIGH') && text.indexOf('HIGH') < text.indexOf('LOW'),
      text,
    );
    for (const absent of ['Later rule', 'Old dismissed', 'Old resolved', 'MEDIUM']) {
      assert.ok(!text.includes(absent), `${absent} in ${text}`);
    }
    const html = String(mail!.html);
    for (const name of ['Admin users', 'Public hosts', 'Stale keys'])
      assert.ok(html.includes(name), name);
    // Handlebars escapes `=` in attributes (`&#x3D;`).
    assert.match(html, /\/console\/alerts\?ruleId(=|&#x3D;)r1"/);
    assert.ok(!html.includes('Later rule'));

    const [run] = await runs(graph, a.accountId);
    assert.deepEqual(
      { ...run, claim: undefined, claimedOn: undefined, createdOn: undefined },
      {
        accountId: a.accountId,
        frequency: 'DAILY',
        periodStart: at('2026-11-29T00:00:00Z'),
        periodEnd: at('2026-11-30T00:00:00Z'),
        status: 'SENT',
        detail: 'sent to ops@example.test',
        recipients: ['ops@example.test'],
        attempts: 1,
        opened: 3,
        open: 3,
        dismissed: 1,
        finishedOn: NOW,
        claim: undefined,
        claimedOn: undefined,
        createdOn: undefined,
      },
    );
  });

  it('sends one digest per period however many ticks race for it; the next period is another', async () => {
    const a = await optedIn();
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-28T05:00:00Z',
      },
    ]);
    const ticks = [NOW, NOW + 1000, NOW + 2000, NOW, NOW + 3000, NOW];
    const outcomes = await Promise.all(
      ticks.map((t) => services.digests.runAccount(a.accountId, t)),
    );
    assert.deepEqual(outcomes.map((o) => o?.status).sort(), [
      'SENT',
      'TAKEN',
      'TAKEN',
      'TAKEN',
      'TAKEN',
      'TAKEN',
    ]);
    assert.equal(smtp.received.length, 1);
    assert.equal((await services.digests.runAccount(a.accountId, NOW + DAY))?.status, 'SENT');
    assert.equal(smtp.received.length, 2);
    assert.deepEqual(
      (await runs(graph, a.accountId)).map((r) => [r.periodEnd, r.status, r.attempts]),
      [
        [at('2026-11-30T00:00:00Z'), 'SENT', 1],
        [at('2026-12-01T00:00:00Z'), 'SENT', 1],
      ],
    );
    // The settings show the newest run.
    const settings = await services.accounts.digest.get(a.accountId);
    assert.equal(settings.lastRun?.periodEnd, at('2026-12-01T00:00:00Z'));
    assert.equal(settings.lastRun?.status, 'SENT');
  });

  it('WEEKLY covers Monday to Monday', async () => {
    const a = await freshAccount();
    await services.accounts.digest.set(a.accountId, {
      frequency: 'WEEKLY',
      recipients: ['w@example.test'],
    });
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Weekly rule',
        level: 'INFO',
        status: 'ACTIVE',
        createdOn: '2026-11-23T00:00:00Z',
      },
    ]);
    const outcome = await services.digests.runAccount(a.accountId, at('2026-12-02T09:00:00Z'));
    assert.equal(outcome?.status, 'SENT');
    assert.equal(outcome?.periodEnd, at('2026-11-30T00:00:00Z'));
    assert.equal(
      smtp.received[0]?.subject,
      'graphsync weekly digest: 1 alert opened, 1 open, 0 dismissed (23 Nov to 30 Nov 2026)',
    );
  });

  it('records EMPTY and sends nothing when the period has nothing to list', async () => {
    const a = await optedIn();
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Old',
        level: 'HIGH',
        status: 'RESOLVED',
        createdOn: '2026-11-01T00:00:00Z',
        resolvedOn: '2026-11-02T00:00:00Z',
      },
    ]);
    const outcome = await services.digests.runAccount(a.accountId, NOW);
    assert.deepEqual([outcome?.status, outcome?.detail], ['EMPTY', 'No alerts to list']);
    assert.equal(smtp.received.length, 0);
    assert.deepEqual(
      (await runs(graph, a.accountId)).map((r) => [r.status, r.opened, r.open]),
      [['EMPTY', 0, 0]],
    );
  });

  it('goes to the notification emails without recipients; records NOT_SENT without any address', async () => {
    const a = await optedIn([]);
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
    ]);
    const none = await services.digests.runAccount(a.accountId, NOW);
    assert.equal(none?.status, 'NOT_SENT');
    assert.match(
      none?.detail ?? '',
      /^No recipients: set them with PUT \/account\/notification-digest/,
    );
    assert.equal(smtp.received.length, 0);

    await services.accounts.setNotificationEmails({
      id: a.accountId,
      emails: ['secops@example.test'],
    });
    assert.deepEqual((await services.accounts.digest.get(a.accountId)).sendsTo, [
      'secops@example.test',
    ]);
    const sent = await services.digests.runAccount(a.accountId, NOW + DAY);
    assert.equal(sent?.status, 'SENT');
    assert.deepEqual(smtp.received[0]?.rcptTo, ['secops@example.test']);
  });

  it('records NOT_SENT without SMTP_URL', async () => {
    const unmailed = await testServices();
    const a = await freshAccount();
    await unmailed.accounts.digest.set(a.accountId, {
      frequency: 'DAILY',
      recipients: ['ops@example.test'],
    });
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
    ]);
    const outcome = await unmailed.digests.runAccount(a.accountId, NOW);
    assert.deepEqual(
      [outcome?.status, outcome?.detail],
      ['NOT_SENT', 'No mail server is configured for digests (SMTP_URL)'],
    );
    assert.equal(smtp.received.length, 0);
  });

  it('a refused digest is FAILED and tried again at a later tick, at most 3 times', async () => {
    const a = await optedIn();
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
    ]);
    const tick = testConfig().digest.tickMs;
    smtp.refuseData.push({ code: 554, message: 'no thanks' });
    const failed = await services.digests.runAccount(a.accountId, NOW);
    assert.equal(failed?.status, 'FAILED');
    assert.match(
      failed?.detail ?? '',
      /^sending mail through 127\.0\.0\.1:\d+ failed: .*no thanks/,
    );
    // Not again within the same tick.
    assert.equal((await services.digests.runAccount(a.accountId, NOW + 1000))?.status, 'TAKEN');
    smtp.refuseData.push({ code: 554, message: 'no thanks' }, { code: 554, message: 'no thanks' });
    assert.equal((await services.digests.runAccount(a.accountId, NOW + tick))?.status, 'FAILED');
    assert.equal(
      (await services.digests.runAccount(a.accountId, NOW + 2 * tick))?.status,
      'FAILED',
    );
    // Three attempts made: given up.
    assert.equal((await services.digests.runAccount(a.accountId, NOW + 3 * tick))?.status, 'TAKEN');
    assert.equal(smtp.received.length, 0);
    smtp.refuseData.length = 0;
    const [run] = await runs(graph, a.accountId);
    assert.deepEqual([run?.status, run?.attempts], ['FAILED', 3]);
  });

  it('a claim left SENDING by a dead process is taken again once stale', async () => {
    const a = await optedIn();
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
    ]);
    assert.equal((await services.digests.runAccount(a.accountId, NOW))?.status, 'SENT');
    smtp.received.length = 0;
    const periodEnd = at('2026-11-30T00:00:00Z');
    await graph.write('digests/test-age-digest-claim', {
      accountId: a.accountId,
      periodEnd,
      claimedOn: NOW,
    });
    assert.equal((await services.digests.runAccount(a.accountId, NOW + 60_000))?.status, 'TAKEN');
    const later = NOW + DIGEST_STALE_CLAIM_MS;
    assert.equal((await services.digests.runAccount(a.accountId, later))?.status, 'SENT');
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(
      (await runs(graph, a.accountId)).map((r) => [r.status, r.attempts]),
      [['SENT', 2]],
    );
  });

  it('previews the digest of the last period without claiming or sending it', async () => {
    const a = await freshAccount();
    await seedAlerts(graph, a.accountId, [
      {
        ruleId: 'r1',
        ruleName: 'Public hosts',
        level: 'HIGH',
        status: 'ACTIVE',
        createdOn: '2026-11-29T05:00:00Z',
      },
    ]);
    const view = await services.digests.preview(a.accountId, NOW);
    assert.equal(view.frequency, 'DAILY');
    assert.deepEqual(view.totals, { opened: 1, open: 1, dismissed: 0 });
    assert.equal(view.levels[0]?.rules[0]?.rule.name, 'Public hosts');
    assert.deepEqual(await runs(graph, a.accountId), []);
    assert.equal(smtp.received.length, 0);
  });

  it("deleting the account's data deletes its digest runs", async () => {
    const a = await optedIn();
    await services.digests.runAccount(a.accountId, NOW);
    await services.digests.runAccount(a.accountId, NOW + DAY);
    assert.equal((await runs(graph, a.accountId)).length, 2);
    const [row] = await graph.write<{ deleted: number }>('accounts/delete-account-data', {
      id: a.accountId,
    });
    assert.ok((row?.deleted ?? 0) >= 2);
    assert.deepEqual(await runs(graph, a.accountId), []);
  });
});
