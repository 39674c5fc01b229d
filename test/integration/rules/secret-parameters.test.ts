import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type express from 'express';
import request from 'supertest';
import { keyHash } from '../../../src/graph/key-hash';
import { PARAMETER_KEY_FILE, parameterKeys } from '../../../src/common/sealed-parameter';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { applySchema } from '../../../src/graph/schema';
import {
  freshAccount,
  type TestAccount,
  TEST_SECRETS_KEY,
  testApp,
  testConfig,
  testGraph,
} from '../../helpers/harness';
import { httpTestApp } from '../actions/http-test-app';
import { HttpTestServer } from '../actions/http-test-server';
import { type Body, ruleCalls } from './rule-evaluation-helpers';

/**
 * Secret parameters are opaque (docs/security.md, "Secrets"): a secret value reaches only an
 * outbound delivery and the Cypher parameters sent to Neo4j. Explain, evaluation records (dry run
 * and stored), conditions and errors show nothing of it, whichever way a template reads it; the
 * value is sealed at rest, and values stored in plain text before are sealed at start-up.
 */

/** Two secrets of different lengths and characters: a record computed from neither is the same. */
const FIRST = 'Abc-first-secret-11';
const SECOND = 'zy';

/** Every route by which a template could read a secret (issue 23), as SET_PROPERTY values. */
const ROUTES: Record<string, string> = {
  chars: '{{param.tok[0]}}|{{param.tok[1]}}',
  bracketLength: "{{param.tok['length']}}",
  length: '{{param.tok.length}}',
  lengthTransform: '{{param.tok | length}}',
  join: "{{param.tok | join('-')}}",
  mapProperty: "{{param.tok | mapProperty('length')}}",
  merge: "{{param.tok | merge('x') | join}}",
  uniquePropertyValues: "{{param.tok | uniquePropertyValues('0')}}",
  mapTemplate: "{{param.tok | mapTemplate('echo')}}",
  concatenation: "{{param.tok + 'x'}}",
  interpolation: '<{{param.tok}}>',
  comparison: "{{param.tok == 'abc'}}",
  ordering: "{{param.tok > 'm'}}",
  contains: "{{'Abc' in param.tok}}",
  arithmetic: '{{param.tok * 1}}',
  propertyOfString: '{{param.tok.a.b}}',
};

/** Expressions that fail on a secret: their errors must not quote it. */
const FAILING: Record<string, string> = {
  badTransformArgument: '{{param.tok | mapProperty(param.tok)}}',
  templateNamedBySecret: "{{'x' | mapTemplate(param.tok + '')}}",
};

/** Conditions on a secret: each would be an oracle (whether the actions ran). */
const CONDITIONS: unknown[] = [
  "{{param.tok == 'abc'}}",
  ['param.tok', '==', 'abc'],
  '{{param.tok.length > 3}}',
  ['param.tok | length', '>', 3],
];

/** The record without what differs between two runs anyway (ids, clocks). */
function normalised(record: Body): string {
  return JSON.stringify(record, (key, value: unknown) =>
    ['id', 'startedOn', 'endedOn', 'durationMs'].includes(key) ? undefined : value,
  );
}

describe('secret parameters: opaque but where delivered (HTTP, real Neo4j, real HTTP server)', () => {
  let app: express.Express;
  let server: HttpTestServer;
  before(async () => {
    app = await httpTestApp();
    server = await HttpTestServer.start();
  });
  beforeEach(() => server.reset());
  after(() => server.close());
  const { seeded, create, evaluate, dryRun } = ruleCalls(() => app);

  async function put(a: TestAccount, name: string, value: unknown, secret = true): Promise<void> {
    const res = await request(app)
      .put(`/parameters/${name}`)
      .set(a.headers)
      .send({ value, secret });
    assert.ok(res.status === 200 || res.status === 201, JSON.stringify(res.body));
  }

  function leakyRule(webhookUrl: string): Body {
    return {
      name: 'leaky',
      templates: { echo: '{{item}}' },
      question: { queries: [{ query: 'FIND aws_s3_bucket' }] },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            ...Object.entries({ ...ROUTES, ...FAILING }).map(([name, value]) => ({
              type: 'SET_PROPERTY',
              targetProperty: name,
              targetValue: value,
            })),
            {
              type: 'WEBHOOK',
              url: webhookUrl,
              method: 'POST',
              headers: {
                Authorization: 'Bearer {{param.tok}}',
                'X-First': '{{param.tok[0]}}',
                'X-Length': '{{param.tok.length}}',
              },
              body: { bare: '{{param.tok}}', ...ROUTES },
            },
          ],
        },
        ...CONDITIONS.map((condition) => ({
          when: { type: 'FILTER', condition },
          actions: [{ type: 'SET_PROPERTY', targetProperty: 'reached', targetValue: true }],
        })),
      ],
      outputs: [
        ...Object.keys(ROUTES),
        ...Object.keys(FAILING),
        'param',
        'param.tok[0]',
        'param.tok.length',
        'param.tok | length',
        "param.tok == 'abc'",
        'reached',
      ],
    };
  }

  it('POST /query/explain answers no secret value (nor its digest); the query runs with it', async () => {
    const { a } = await seeded();
    await put(a, 'which', 'logs');
    await put(a, 'key', 'b2');
    await put(a, 'names', ['logs', 'web']);
    const query =
      'FIND aws_s3_bucket WITH displayName = ${param.which} OR _key = ${param.key} OR owner = ${param.names}';
    const explained = await request(app).post('/query/explain').set(a.headers).send({ query });
    assert.equal(explained.status, 200, JSON.stringify(explained.body));
    // The account id is a random UUID, which may hold 'b2' by chance: it carries no secret.
    const { accountId, ...params } = explained.body.params as Body;
    assert.equal(accountId, a.accountId);
    const text = JSON.stringify({ ...explained.body, params });
    for (const leak of ['logs', 'b2', 'web', keyHash('b2')]) {
      assert.ok(!text.includes(leak), `explain showed ${leak}: ${text}`);
    }
    assert.ok(Object.values(explained.body.params as Body).includes('[secret]'), text);
    const ran = await request(app).post('/query').set(a.headers).send({ query });
    assert.equal(ran.status, 200, JSON.stringify(ran.body));
    assert.deepEqual((ran.body.data as Body[]).map((r) => r.entity.displayName).sort(), [
      'logs',
      'web',
    ]);
  });

  it('a dry run records nothing computed from a secret, by any route; conditions on one are refused', async () => {
    const records: string[] = [];
    for (const secret of [FIRST, SECOND]) {
      const { a } = await seeded();
      await put(a, 'tok', secret);
      const record = await dryRun(a, leakyRule(server.url('/hook')));
      const text = JSON.stringify(record);
      assert.ok(!text.includes(secret), text);
      assert.equal(record.outputs['param.tok[0]'], '[secret]');
      assert.equal(record.outputs['param.tok.length'], '[secret]');
      assert.equal(record.outputs.chars, '[secret]|[secret]');
      assert.equal(record.outputs.interpolation, '<[secret]>');
      assert.equal(record.outputs.comparison, '[secret]');
      assert.equal(record.outputs.reached, null, 'no condition on the secret held');
      assert.equal(record.outputs.badTransformArgument, null);
      assert.ok(
        (record.errors as string[]).some((e) =>
          e.includes("failed: the rule has no template '[secret]'"),
        ),
        text,
      );
      const refused = (record.errors as string[]).filter((e) =>
        e.includes('reads a secret parameter, and a condition cannot'),
      );
      assert.equal(refused.length, CONDITIONS.length, text);
      records.push(normalised(record));
    }
    assert.equal(records[0], records[1], 'the record depends on the secret');
    assert.equal(server.received.length, 0, 'a dry run sends nothing');
  });

  it('an evaluation delivers the bare reference only; its stored record shows nothing of the secret', async () => {
    const records: string[] = [];
    for (const secret of [FIRST, SECOND]) {
      server.reset();
      const { a } = await seeded();
      await put(a, 'tok', secret);
      const rule = await create(a, leakyRule(server.url('/hook')));
      const record = await evaluate(a, rule.id as string);
      assert.equal(server.received.length, 1);
      const [got] = server.received;
      assert.equal(got!.headers.authorization, `Bearer ${secret}`);
      assert.equal(got!.headers['x-first'], '[secret]');
      assert.equal(got!.headers['x-length'], '[secret]');
      const body = got!.body as Body;
      assert.equal(body.bare, secret);
      assert.equal(body.interpolation, `<${secret}>`);
      for (const route of Object.keys(ROUTES).filter((r) => r !== 'interpolation')) {
        assert.ok(!JSON.stringify(body[route]).includes(secret.slice(0, 2)), route);
      }
      assert.equal(body.chars, '[secret]|[secret]');
      assert.equal(body.length, '[secret]');
      const stored = await request(app)
        .get(`/rules/${rule.id as string}/evaluations`)
        .set(a.headers);
      assert.equal(stored.status, 200);
      for (const shown of [record, stored.body]) {
        assert.ok(!JSON.stringify(shown).includes(secret), JSON.stringify(shown));
      }
      const webhook = (record.operations[0].actions as Body[]).at(-1) as Body;
      assert.equal(webhook.status, 'SUCCESS', JSON.stringify(webhook));
      assert.deepEqual(webhook.inputs.headers, {
        Authorization: 'Bearer [secret]',
        'X-First': '[secret]',
        'X-Length': '[secret]',
      });
      records.push(normalised({ ...record, ruleId: undefined, ruleName: undefined }));
    }
    assert.equal(
      records[0]?.split(server.url('')).join(''),
      records[1]?.split(server.url('')).join(''),
    );
  });

  it('a secret value is sealed at rest; queries and deliveries still use it', async () => {
    const { a } = await seeded();
    await put(a, 'which', 'web');
    await put(a, 'open', 'logs', false);
    const graph = await testGraph();
    const nodes = await graph.readGenerated<{ name: string; p: Body }>(
      'MATCH (p:_AccountParameter {accountId: $accountId}) RETURN p.name AS name, properties(p) AS p',
      { accountId: a.accountId },
      { timeoutMs: 10_000 },
    );
    const raw = Object.fromEntries(nodes.map((n) => [n.name, n.p]));
    assert.equal(raw.which?.value, undefined);
    assert.match(String(raw.which?.sealed), /^v1:/);
    assert.ok(!JSON.stringify(raw.which).includes('web'));
    assert.equal(raw.open?.value, 'logs', 'a plain parameter stays plain');
    const ran = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND aws_s3_bucket WITH displayName = ${param.which}' });
    assert.deepEqual(
      (ran.body.data as Body[]).map((r) => r.entity.displayName),
      ['web'],
    );
    const got = await request(app).get('/parameters/which').set(a.headers);
    assert.deepEqual(Object.keys(got.body.parameter as Body).sort(), [
      'createdOn',
      'name',
      'secret',
      'updatedOn',
    ]);
  });

  it('the start-up migration seals secret values stored in plain text, and they still work', async () => {
    const { a } = await seeded();
    const graph = await testGraph();
    // A server without the key (or from before sealing) stored these as they came.
    const legacy = new ParameterService({ graph });
    await legacy.put({
      accountId: a.accountId,
      name: 'which',
      body: { value: 'safe', secret: true },
    });
    await legacy.put({
      accountId: a.accountId,
      name: 'list',
      body: { value: [5, 30], secret: true },
    });
    const read = () =>
      graph.readGenerated<{ name: string; p: Body }>(
        'MATCH (p:_AccountParameter {accountId: $accountId}) RETURN p.name AS name, properties(p) AS p',
        { accountId: a.accountId },
        { timeoutMs: 10_000 },
      );
    assert.deepEqual(
      (await read()).map((n) => n.p.value).sort(),
      [[5, 30], 'safe'],
      'stored in plain text before the migration',
    );
    await applySchema(graph, { secretsKey: TEST_SECRETS_KEY });
    await applySchema(graph, { secretsKey: TEST_SECRETS_KEY }); // idempotent
    for (const { name, p } of await read()) {
      assert.equal(p.value, undefined, `${name} still in plain text`);
      assert.match(String(p.sealed), /^v1:/);
      assert.ok(!JSON.stringify(p).includes('safe'));
    }
    const ran = await request(app).post('/query').set(a.headers).send({
      query: 'FIND aws_s3_bucket WITH displayName = ${param.which} OR size = ${param.list}',
    });
    assert.equal(ran.status, 200, JSON.stringify(ran.body));
    assert.deepEqual((ran.body.data as Body[]).map((r) => r.entity.displayName).sort(), [
      'safe',
      'web',
    ]);
  });

  describe('without INTEGRATION_SECRETS_KEY', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-parameter-key-'));
    });
    afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    async function rawParameter(accountId: string, name: string): Promise<Body> {
      const graph = await testGraph();
      const [row] = await graph.readGenerated<{ p: Body }>(
        'MATCH (p:_AccountParameter {accountId: $accountId, name: $name}) RETURN properties(p) AS p',
        { accountId, name },
        { timeoutMs: 10_000 },
      );
      return row?.p ?? {};
    }

    it('a secret value is sealed with a key generated in DATA_DIR (0600), never stored as it came', async () => {
      const base = testConfig();
      const config = { ...base, dataDir, outbound: { ...base.outbound, secretsKey: undefined } };
      const keyless = await testApp({}, { config });
      const a = await freshAccount();
      const res = await request(keyless)
        .put('/parameters/which')
        .set(a.headers)
        .send({ value: 'no-key-secret', secret: true });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const raw = await rawParameter(a.accountId, 'which');
      assert.equal(raw.value, undefined);
      assert.match(String(raw.sealed), /^v1:/);
      assert.ok(!JSON.stringify(raw).includes('no-key-secret'));
      const keyFile = path.join(dataDir, PARAMETER_KEY_FILE);
      assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
      assert.equal(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64').length, 32);
      const graph = await testGraph();
      const reader = new ParameterService({
        graph,
        secretsKey: parameterKeys({ configured: undefined, dataDir }).current,
      });
      assert.equal((await reader.values(a.accountId)).which, 'no-key-secret');
    });

    it("configuring a key later seals the generated key's values again at start-up, and they still open", async () => {
      const a = await freshAccount();
      const graph = await testGraph();
      const before = parameterKeys({ configured: undefined, dataDir });
      await new ParameterService({ graph, secretsKey: before.current }).put({
        accountId: a.accountId,
        name: 'which',
        body: { value: 'moved-secret', secret: true },
      });
      const sealedBefore = (await rawParameter(a.accountId, 'which')).sealed;
      const after = parameterKeys({ configured: TEST_SECRETS_KEY, dataDir });
      assert.deepEqual(after.earlier, before.current);
      await applySchema(graph, { secretsKey: after.current, earlierSecretsKey: after.earlier });
      await applySchema(graph, { secretsKey: after.current, earlierSecretsKey: after.earlier });
      const sealedAfter = (await rawParameter(a.accountId, 'which')).sealed;
      assert.notEqual(sealedAfter, sealedBefore);
      const reader = new ParameterService({ graph, secretsKey: TEST_SECRETS_KEY });
      assert.equal((await reader.values(a.accountId)).which, 'moved-secret');
    });
  });
});
