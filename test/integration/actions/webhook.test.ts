import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import {
  createInstance,
  evaluateRule,
  httpTestApp,
  lastOutcome,
  putSecret,
  type Body,
} from './http-test-app';
import { closedPort, HttpTestServer } from './http-test-server';

/**
 * WEBHOOK end to end: a rule created and evaluated over HTTP on real Neo4j calls a real local
 * HTTP server; the exact request it received, and the outcome in the evaluation record (retries,
 * permanent failures, timeouts, the SSRF guard, secrets kept out of the record).
 */
describe('actions: WEBHOOK (HTTP, real Neo4j, real HTTP server)', () => {
  let app: express.Express;
  let server: HttpTestServer;
  let a: TestAccount;

  before(async () => {
    app = await httpTestApp();
    server = await HttpTestServer.start();
  });
  beforeEach(async () => {
    server.reset();
    a = await freshAccount();
  });
  after(() => server.close());

  it('sends the rendered method, headers and JSON body; the secret header reaches the server only', async () => {
    await putSecret(app, a, 'tok', 'webhook-token-s3cr3t');
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
      {
        type: 'WEBHOOK',
        url: server.url('/hook?key=abc'),
        method: 'POST',
        headers: { Authorization: 'Bearer {{param.tok}}', 'X-Level': '{{alertLevel}}' },
        body: {
          rule: '{{alertRuleName}}',
          level: '{{alertLevel}}',
          total: '{{queries.query0.total}}',
        },
      },
    ]);
    assert.equal(server.received.length, 1);
    const [got] = server.received;
    assert.equal(got!.method, 'POST');
    assert.equal(got!.path, '/hook?key=abc');
    assert.equal(got!.headers.authorization, 'Bearer webhook-token-s3cr3t');
    assert.equal(got!.headers['x-level'], 'HIGH');
    assert.equal(got!.headers['content-type'], 'application/json');
    assert.equal(got!.headers['user-agent'], 'graphsync');
    assert.deepEqual(got!.body, { rule: 'public buckets', level: 'HIGH', total: 0 });
    assert.deepEqual(lastOutcome(record), {
      pointer: '/operations/0/actions/1',
      type: 'WEBHOOK',
      status: 'SUCCESS',
      // No query in the target: it may carry credentials.
      target: `POST ${server.url('/hook')}`,
      inputs: {
        endpoint: server.url('/hook?key=abc'),
        method: 'POST',
        headers: { Authorization: 'Bearer [secret]', 'X-Level': 'HIGH' },
        body: { rule: 'public buckets', level: 'HIGH', total: 0 },
      },
      result: { status: 200, attempts: 1 },
    });
    assert.equal(record.status, 'SUCCESS');
    assert.ok(!JSON.stringify(record).includes('webhook-token-s3cr3t'));
  });

  it('sends no body with GET, HEAD and DELETE; a templated method may be in any case', async () => {
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'verb', targetValue: 'delete' },
      { type: 'WEBHOOK', endpoint: server.url('/a'), method: 'GET' },
      { type: 'WEBHOOK', endpoint: server.url('/b'), method: 'HEAD' },
      { type: 'WEBHOOK', endpoint: server.url('/c'), method: '{{verb}}' },
      { type: 'WEBHOOK', endpoint: server.url('/d'), method: 'PUT', body: { x: 1 } },
      { type: 'WEBHOOK', endpoint: server.url('/e'), method: 'PATCH', body: { y: [1, 2] } },
    ]);
    assert.deepEqual(
      server.received.map((r) => [r.method, r.path, r.headers['content-type'], r.body]),
      [
        ['GET', '/a', undefined, ''],
        ['HEAD', '/b', undefined, ''],
        ['DELETE', '/c', undefined, ''],
        ['PUT', '/d', 'application/json', { x: 1 }],
        ['PATCH', '/e', 'application/json', { y: [1, 2] }],
      ],
    );
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
  });

  it('refuses a body with a method a template chose that sends none', async () => {
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'verb', targetValue: 'GET' },
      { type: 'WEBHOOK', endpoint: server.url('/x'), method: '{{verb}}', body: { a: 1 } },
    ]);
    assert.equal(
      lastOutcome(record).error,
      'WEBHOOK body is not allowed with method GET: only POST, PUT and PATCH send a body',
    );
    assert.equal(server.received.length, 0);
  });

  it('retries 5xx: 500 twice then 200 is SUCCESS after 3 attempts', async () => {
    server.reply({ status: 500, body: 'oops' }, { status: 503 }, { status: 200 });
    const record = await evaluateRule(app, a, [
      { type: 'WEBHOOK', endpoint: server.url('/retry'), method: 'POST', body: { n: 1 } },
    ]);
    const outcome = lastOutcome(record);
    assert.equal(outcome.status, 'SUCCESS');
    assert.deepEqual(outcome.result, { status: 200, attempts: 3 });
    assert.equal(server.received.length, 3);
    assert.deepEqual(
      server.received.map((r) => r.body),
      [{ n: 1 }, { n: 1 }, { n: 1 }],
    );
  });

  it('fails at once on 400 with the status and the start of the body', async () => {
    server.reply({ status: 400, body: { error: 'bad payload', detail: 'x'.repeat(400) } });
    const record = await evaluateRule(app, a, [
      { type: 'WEBHOOK', endpoint: server.url('/bad'), method: 'POST', body: {} },
    ]);
    const quoted = JSON.stringify({ error: 'bad payload', detail: 'x'.repeat(400) }).slice(0, 300);
    assert.deepEqual(lastOutcome(record), {
      pointer: '/operations/0/actions/0',
      type: 'WEBHOOK',
      status: 'FAILED',
      error: `POST ${server.url('/bad')} answered 400: ${quoted}`,
    });
    assert.equal(record.status, 'FAILED');
    assert.equal(server.received.length, 1);
  });

  it('does not follow redirects; one to a refused address fails with the guard message', async () => {
    server.reply(
      { status: 302, headers: { Location: 'http://169.254.169.254/' } },
      { status: 301, headers: { Location: 'https://93.184.216.34/new' } },
    );
    const refused = await evaluateRule(app, a, [
      { type: 'WEBHOOK', endpoint: server.url('/moved'), method: 'GET' },
    ]);
    assert.equal(
      lastOutcome(refused).error,
      `GET ${server.url('/moved')} answered 302, a redirect: WEBHOOK refused http://169.254.169.254/: 169.254.169.254 is a link-local address (allow it with WEBHOOK_ALLOWLIST)`,
    );
    const moved = await evaluateRule(
      app,
      a,
      [{ type: 'WEBHOOK', endpoint: server.url('/moved'), method: 'GET' }],
      'moved buckets',
    );
    assert.equal(lastOutcome(moved).error, `GET ${server.url('/moved')} answered 301`);
    assert.equal(server.received.length, 2);
  });

  it('waits for a Retry-After of a 429', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '1' }, body: 'slow down' });
    const started = Date.now();
    const record = await evaluateRule(app, a, [
      { type: 'WEBHOOK', endpoint: server.url('/limited'), method: 'POST' },
    ]);
    assert.deepEqual(lastOutcome(record).result, { status: 200, attempts: 2 });
    assert.ok(Date.now() - started >= 1000, `retried after ${Date.now() - started}ms`);
  });

  it('a server that never answers times out, is retried, and fails', async () => {
    const slow = await httpTestApp({ timeoutMs: 300, attempts: 2 });
    server.reset('hang');
    const record = await evaluateRule(slow, a, [
      { type: 'WEBHOOK', endpoint: server.url('/slow'), method: 'POST', body: { a: 1 } },
    ]);
    assert.equal(
      lastOutcome(record).error,
      `POST ${server.url('/slow')} timed out after 300ms (after 2 attempts)`,
    );
    assert.equal(server.received.length, 2);
  });

  it('a refused connection is retried, then fails with the reason', async () => {
    const port = await closedPort();
    const record = await evaluateRule(app, a, [
      { type: 'WEBHOOK', endpoint: `http://127.0.0.1:${port}/x`, method: 'POST' },
    ]);
    assert.equal(
      lastOutcome(record).error,
      `POST http://127.0.0.1:${port}/x failed: connect ECONNREFUSED 127.0.0.1:${port} (after 3 attempts)`,
    );
  });

  it('refuses loopback, link-local and non-http targets unless allowlisted', async () => {
    const strict = await httpTestApp({ webhookAllowlist: [] });
    const record = await evaluateRule(strict, a, [
      { type: 'WEBHOOK', endpoint: server.url('/x'), method: 'POST' },
      { type: 'WEBHOOK', endpoint: `http://[::ffff:127.0.0.1]:${server.port}/x`, method: 'GET' },
      { type: 'WEBHOOK', endpoint: 'http://169.254.169.254/latest/meta-data/', method: 'GET' },
      { type: 'WEBHOOK', endpoint: 'gopher://127.0.0.1/x', method: 'GET' },
      { type: 'WEBHOOK', endpoint: 'not a url', method: 'GET' },
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => o.error),
      [
        `WEBHOOK refused ${server.url('/x')}: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)`,
        `WEBHOOK refused http://[::ffff:7f00:1]:${server.port}/x: ::ffff:7f00:1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)`,
        'WEBHOOK refused http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a link-local address (allow it with WEBHOOK_ALLOWLIST)',
        'WEBHOOK refused gopher://127.0.0.1/x: only http and https URLs are allowed, not gopher',
        'WEBHOOK needs endpoint to be an http or https URL, not "not a url"',
      ],
    );
    assert.equal(server.received.length, 0);
  });

  it('adds a webhook instance’s headers; its secret headers never reach the record', async () => {
    const id = await createInstance(app, a, {
      type: 'webhook',
      config: { headers: { 'X-Team': 'secops', 'X-Override': 'instance' } },
      secrets: { headers: { 'X-Api-Key': 'instance-key-0123456789' } },
    });
    server.reply({ status: 200 }, { status: 403, body: 'key instance-key-0123456789 is revoked' });
    const record = await evaluateRule(app, a, [
      {
        type: 'WEBHOOK',
        integrationInstanceId: id,
        endpoint: server.url('/with-instance'),
        method: 'POST',
        headers: { 'x-override': 'action', 'X-Api-Key': 'ignored' },
        body: { ok: 1 },
      },
      {
        type: 'WEBHOOK',
        integrationInstanceId: id,
        endpoint: server.url('/revoked'),
        method: 'POST',
      },
    ]);
    const [first] = server.received;
    assert.equal(first!.headers['x-team'], 'secops');
    assert.equal(first!.headers['x-override'], 'action');
    assert.equal(first!.headers['x-api-key'], 'instance-key-0123456789');
    assert.equal(server.received[1]!.headers['x-api-key'], 'instance-key-0123456789');
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => [o.status, o.error]),
      [
        ['SUCCESS', undefined],
        ['FAILED', `POST ${server.url('/revoked')} answered 403: key [secret] is revoked`],
      ],
    );
    assert.ok(!JSON.stringify(record).includes('instance-key-0123456789'));
  });

  it('names a wrong or unknown instance exactly', async () => {
    const slack = await createInstance(app, a, {
      type: 'slack',
      config: {},
      secrets: { botToken: 'xoxb-not-for-webhooks' },
    });
    const record = await evaluateRule(app, a, [
      { type: 'WEBHOOK', integrationInstanceId: slack, endpoint: server.url('/x'), method: 'GET' },
      { type: 'WEBHOOK', integrationInstanceId: 'nope', endpoint: server.url('/x'), method: 'GET' },
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => o.error),
      [
        `integration instance '${slack}' is a slack instance; WEBHOOK needs a webhook one`,
        "integration instance 'nope' does not exist in this account",
      ],
    );
    assert.equal(server.received.length, 0);
  });

  it('refuses bad rendered headers before sending', async () => {
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'v', targetValue: 'a\nb' },
      { type: 'WEBHOOK', endpoint: server.url('/x'), method: 'GET', headers: { 'Bad Name': 'x' } },
      { type: 'WEBHOOK', endpoint: server.url('/x'), method: 'GET', headers: { 'X-V': '{{v}}' } },
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).slice(1).map((o) => o.error),
      [
        'WEBHOOK header name "Bad Name" is not a valid HTTP header name',
        'WEBHOOK header X-V has a line break or NUL character in its value',
      ],
    );
    assert.equal(server.received.length, 0);
  });

  it('hides secrets before cutting an echoed answer, in every form a server echoes them', async () => {
    await putSecret(app, a, 'tok', 'PARAM-SECRET-TOKEN-9876');
    const id = await createInstance(app, a, {
      type: 'webhook',
      config: {},
      secrets: { headers: { 'X-Secret': 'TOPSECRET-HEADER-VALUE-0123456789' } },
    });
    // The secret starts just before the 300-character cut; then escaped and percent-encoded forms.
    server.reply({
      status: 400,
      body: {
        pad: 'p'.repeat(270),
        xs: 'TOPSECRET-HEADER-VALUE-0123456789',
        tok: 'PARAM-SECRET-TOKEN-9876',
      },
    });
    const record = await evaluateRule(app, a, [
      {
        type: 'WEBHOOK',
        integrationInstanceId: id,
        endpoint: server.url('/echo'),
        method: 'POST',
        headers: { Authorization: 'Bearer {{param.tok}}' },
        body: {},
      },
    ]);
    const text = JSON.stringify(record);
    for (const part of ['TOPSECRET', 'PARAM-SECRET']) assert.ok(!text.includes(part), text);
    assert.match(lastOutcome(record).error as string, /answered 400: .*\[secret\]/);
  });

  it('refuses user info in a URL without quoting it, and does not retry a request undici will not send', async () => {
    const withUser = await evaluateRule(app, a, [
      {
        type: 'WEBHOOK',
        endpoint: `http://user:pa55w0rd@127.0.0.1:${server.port}/h`,
        method: 'POST',
        body: {},
      },
    ]);
    assert.equal(
      lastOutcome(withUser).error,
      `WEBHOOK refused ${server.url('/h')}: a URL with user info (user:password@) cannot be sent; put credentials in headers or an integration instance`,
    );
    assert.ok(!JSON.stringify(withUser).includes('pa55w0rd'));
    const forbidden = await evaluateRule(app, await freshAccount(), [
      {
        type: 'WEBHOOK',
        endpoint: server.url('/h'),
        method: 'POST',
        headers: { 'Transfer-Encoding': 'chunked' },
        body: {},
      },
    ]);
    const error = lastOutcome(forbidden).error as string;
    assert.equal(lastOutcome(forbidden).status, 'FAILED');
    assert.ok(!error.includes('attempts'), error);
    assert.equal(server.received.length, 0);
  });
});
