import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testAccounts, testApp } from '../../helpers/harness';

/** `/account/notification-digest` through the real app on the real Neo4j. */
const PATH = '/account/notification-digest';

describe('alert digest settings (HTTP, real Neo4j)', () => {
  it('is OFF until an admin opts in; recipients default to the notification emails', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const off = await request(app).get(PATH).set(a.headers);
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.deepEqual(off.body, {
      digest: { frequency: 'OFF', recipients: [], sendsTo: [], lastRun: null },
    });

    const emails = await request(app)
      .put('/account/notification-emails')
      .set(a.headers)
      .send({ emails: ['secops@example.test'] });
    assert.equal(emails.status, 200, JSON.stringify(emails.body));
    const daily = await request(app).put(PATH).set(a.headers).send({ frequency: 'DAILY' });
    assert.equal(daily.status, 200, JSON.stringify(daily.body));
    assert.deepEqual(daily.body, {
      digest: {
        frequency: 'DAILY',
        recipients: [],
        sendsTo: ['secops@example.test'],
        lastRun: null,
      },
    });

    const weekly = await request(app)
      .put(PATH)
      .set(a.headers)
      .send({
        frequency: 'WEEKLY',
        recipients: ['a@example.test', 'A@example.test', 'b@example.test'],
      });
    assert.equal(weekly.status, 200, JSON.stringify(weekly.body));
    assert.deepEqual(weekly.body.digest.recipients, ['a@example.test', 'b@example.test']);
    assert.deepEqual(weekly.body.digest.sendsTo, ['a@example.test', 'b@example.test']);
    assert.deepEqual((await request(app).get(PATH).set(a.headers)).body, weekly.body);
    // Opted in: the scheduler sees the account.
    const subscribers = await (await testAccounts()).digest.subscribers();
    assert.deepEqual(
      subscribers.find((s) => s.accountId === a.accountId),
      {
        accountId: a.accountId,
        frequency: 'WEEKLY',
        sendsTo: ['a@example.test', 'b@example.test'],
      },
    );

    const out = await request(app)
      .put(PATH)
      .set(a.headers)
      .send({ frequency: 'OFF', recipients: [] });
    assert.equal(out.status, 200);
    assert.equal(out.body.digest.frequency, 'OFF');
    assert.ok(
      !(await (await testAccounts()).digest.subscribers()).some((s) => s.accountId === a.accountId),
    );
  });

  it('400 for a bad frequency, a bad address, too many addresses or a missing frequency', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const cases: Array<[object, string]> = [
      [
        { frequency: 'HOURLY' },
        '/frequency must be equal to one of the allowed values: OFF, DAILY, WEEKLY',
      ],
      [{ recipients: ['a@example.test'] }, "/frequency must have required property 'frequency'"],
      [
        { frequency: 'DAILY', recipients: ['not-an-address'] },
        "Invalid digest recipient 'not-an-address': not an email address",
      ],
      [
        {
          frequency: 'DAILY',
          recipients: Array.from({ length: 21 }, (_, i) => `u${i}@example.test`),
        },
        '/recipients must NOT have more than 20 items',
      ],
      [{ frequency: 'DAILY', extra: 1 }, '/extra must NOT have additional properties'],
    ];
    for (const [body, message] of cases) {
      const res = await request(app).put(PATH).set(a.headers).send(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.message, message, JSON.stringify(body));
    }
    // Nothing was stored.
    assert.equal((await request(app).get(PATH).set(a.headers)).body.digest.frequency, 'OFF');
  });

  it('403 INSUFFICIENT_ROLE without the admin role', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const key = await (
      await testAccounts()
    ).createApiKey({
      accountId: a.accountId,
      name: 'reader',
      roles: ['read', 'write'],
    });
    const headers = { 'JupiterOne-Account': a.accountId, Authorization: `Bearer ${key.secret}` };
    const get = await request(app).get(PATH).set(headers);
    assert.equal(get.status, 403);
    assert.deepEqual(get.body, {
      error: {
        code: 'INSUFFICIENT_ROLE',
        message:
          "Operation 'getAccountNotificationDigest' needs an API key with role 'admin'; this key has: read, write",
      },
    });
    const put = await request(app).put(PATH).set(headers).send({ frequency: 'DAILY' });
    assert.equal(put.status, 403);
    assert.equal(put.body.error.code, 'INSUFFICIENT_ROLE');
    assert.equal((await request(app).get(PATH).set(a.headers)).body.digest.frequency, 'OFF');
  });

  it('the change is in the audit trail', async () => {
    const app = await testApp();
    const a = await freshAccount();
    await request(app).put(PATH).set(a.headers).send({ frequency: 'DAILY' });
    const events = await request(app).get('/audit-events').set(a.headers);
    assert.equal(events.status, 200, JSON.stringify(events.body));
    const [event] = events.body.events as Array<Record<string, unknown>>;
    assert.equal(event?.operationId ?? event?.operation, 'setAccountNotificationDigest');
  });
});
