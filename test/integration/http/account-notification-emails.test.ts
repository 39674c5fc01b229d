import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ADMIN_TOKEN, freshAccount, testApp } from '../../helpers/harness';

/**
 * An account's failure notification addresses: `PUT /account/notification-emails`, shown by
 * `GET /account` and the admin account responses, also settable with the admin PATCH.
 */
describe('http: account notification emails', () => {
  let app: express.Express;
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  before(async () => {
    app = await testApp();
  });

  it('sets, shows and clears the addresses; repeats go once', async () => {
    const a = await freshAccount();
    const before = await request(app).get('/account').set(a.headers);
    assert.deepEqual(before.body.account.notificationEmails, []);

    const put = await request(app)
      .put('/account/notification-emails')
      .set(a.headers)
      .send({ emails: ['sec@example.com', 'ops@example.com', 'SEC@example.com'] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(put.body, {
      account: {
        id: a.accountId,
        features: [],
        notificationEmails: ['sec@example.com', 'ops@example.com'],
        createdOn: before.body.account.createdOn,
      },
    });
    const after = await request(app).get('/account').set(a.headers);
    assert.deepEqual(after.body.account, put.body.account);
    const viaAdmin = await request(app).get(`/admin/accounts/${a.accountId}`).set(admin);
    assert.deepEqual(viaAdmin.body, put.body);
    const listed = await request(app).get('/admin/accounts').set(admin);
    assert.deepEqual(
      (listed.body.accounts as Array<{ id: string }>).find((x) => x.id === a.accountId),
      put.body.account,
    );

    const cleared = await request(app)
      .put('/account/notification-emails')
      .set(a.headers)
      .send({ emails: [] });
    assert.deepEqual(cleared.body.account.notificationEmails, []);
  });

  it('refuses bad bodies with 400 and exact messages, changing nothing', async () => {
    const a = await freshAccount();
    await request(app)
      .put('/account/notification-emails')
      .set(a.headers)
      .send({ emails: ['keep@example.com'] })
      .expect(200);
    const cases: Array<[unknown, string, string]> = [
      [
        { emails: ['ok@example.com', 'not-an-email'] },
        'VALIDATION_ERROR',
        "Invalid notification email 'not-an-email': not an email address",
      ],
      [
        { emails: ['Bob <bob@example.com>'] },
        'VALIDATION_ERROR',
        "Invalid notification email 'Bob <bob@example.com>': not an email address",
      ],
      [
        { emails: Array.from({ length: 21 }, (_, i) => `u${i}@example.com`) },
        'VALIDATION_ERROR',
        '/emails must NOT have more than 20 items',
      ],
      [{}, 'VALIDATION_ERROR', "/emails must have required property 'emails'"],
      [{ emails: 'a@example.com' }, 'VALIDATION_ERROR', '/emails must be array'],
      [{ emails: [1] }, 'VALIDATION_ERROR', '/emails/0 must be string'],
      [{ emails: [], extra: 1 }, 'VALIDATION_ERROR', '/extra must NOT have additional properties'],
    ];
    for (const [body, code, message] of cases) {
      const res = await request(app)
        .put('/account/notification-emails')
        .set(a.headers)
        .send(body as object);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(res.body, { error: { code, message } }, JSON.stringify(body));
    }
    const unchanged = await request(app).get('/account').set(a.headers);
    assert.deepEqual(unchanged.body.account.notificationEmails, ['keep@example.com']);
  });

  it("needs a key of the account: another account's key is 403", async () => {
    const a = await freshAccount();
    const b = await freshAccount();
    const res = await request(app)
      .put('/account/notification-emails')
      .set({ ...b.headers, 'JupiterOne-Account': a.accountId })
      .send({ emails: ['a@example.com'] });
    assert.deepEqual(res.body, {
      error: { code: 'FORBIDDEN', message: `API key is not valid for account '${a.accountId}'` },
    });
    assert.equal(res.status, 403);
    const unchanged = await request(app).get('/account').set(a.headers);
    assert.deepEqual(unchanged.body.account.notificationEmails, []);
  });

  it('the admin PATCH sets features and/or addresses, keeping what it omits', async () => {
    const a = await freshAccount();
    const emails = await request(app)
      .patch(`/admin/accounts/${a.accountId}`)
      .set(admin)
      .send({ notificationEmails: ['ops@example.com'] });
    assert.equal(emails.status, 200, JSON.stringify(emails.body));
    assert.deepEqual(emails.body.account.notificationEmails, ['ops@example.com']);
    const features = await request(app)
      .patch(`/admin/accounts/${a.accountId}`)
      .set(admin)
      .send({ features: ['PUT'] });
    assert.deepEqual(
      {
        features: features.body.account.features,
        notificationEmails: features.body.account.notificationEmails,
      },
      { features: ['PUT'], notificationEmails: ['ops@example.com'] },
    );
    const bad = await request(app)
      .patch(`/admin/accounts/${a.accountId}`)
      .set(admin)
      .send({ features: ['OVERRIDE'], notificationEmails: ['nope'] });
    assert.deepEqual(bad.body, {
      error: {
        code: 'VALIDATION_ERROR',
        message: "Invalid notification email 'nope': not an email address",
      },
    });
    const empty = await request(app).patch(`/admin/accounts/${a.accountId}`).set(admin).send({});
    assert.deepEqual(empty.body, {
      error: { code: 'VALIDATION_ERROR', message: '/ must NOT have fewer than 1 properties' },
    });
    const kept = await request(app).get(`/admin/accounts/${a.accountId}`).set(admin);
    assert.deepEqual(kept.body.account.features, ['PUT']);
    assert.deepEqual(kept.body.account.notificationEmails, ['ops@example.com']);
  });
});
