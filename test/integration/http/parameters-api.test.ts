import assert from 'node:assert/strict';
import type express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';

/**
 * Account parameters on real Neo4j: GET /parameters, GET, PUT and DELETE /parameters/{name}, and
 * the internal values() read. Every write is read back from Neo4j. The service runs on a
 * settable clock so that times are exact.
 */
const T0 = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
const SECRET = 'gsk-very-secret-0123456789';
const VALID_TYPES =
  'Valid types are boolean, string, number, or a list of only booleans, only strings or only numbers.';

interface StoredNode {
  labels: string[];
  node: Record<string, unknown>;
}

describe('account parameters: /parameters (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let service: ParameterService;
  let clock = T0;
  before(async () => {
    service = new ParameterService({ graph: await testGraph(), now: () => clock });
    app = await testApp({ parameters: service });
  });
  beforeEach(() => {
    clock = T0;
  });

  const list = (a: TestAccount) => request(app).get('/parameters').set(a.headers);
  const get = (a: TestAccount, name: string) =>
    request(app).get(`/parameters/${name}`).set(a.headers);
  const put = (a: TestAccount, name: string, body: unknown) =>
    request(app)
      .put(`/parameters/${name}`)
      .set(a.headers)
      .send(body as object);
  const del = (a: TestAccount, name: string) =>
    request(app).delete(`/parameters/${name}`).set(a.headers);

  async function stored(accountId: string): Promise<StoredNode[]> {
    const graph = await testGraph();
    return graph.read<StoredNode>('parameters/test-account-parameters', { accountId });
  }

  function expectError(res: request.Response, status: number, code: string, message: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.deepEqual(res.body, { error: { code, message } });
  }

  const notFound = (name: string) => `No parameter named '${name}' in this account`;
  const invalidName = (name: string) =>
    `Invalid parameter name '${name}': a name is 1 to 128 letters, digits and '_', not ` +
    'starting with a digit (it is referenced as param.<name>)';

  describe('PUT /parameters/{name}', () => {
    it('creates a parameter of every value type, answers it, and stores one :_AccountParameter node each', async () => {
      const a = await freshAccount();
      const values: Record<string, unknown> = {
        flag: true,
        off: false,
        text: 'hello',
        empty: '',
        zero: 0,
        count: 42,
        ratio: -1.5,
        none: [],
        cidrs: ['10.0.0.0/8', '192.168.0.0/16'],
        ports: [22, 443, 8.5],
        bits: [true, false],
      };
      for (const [name, value] of Object.entries(values)) {
        const res = await put(a, name, { value });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body, {
          parameter: { name, value, secret: false, createdOn: T0, updatedOn: T0 },
        });
      }
      const nodes = await stored(a.accountId);
      assert.deepEqual(
        nodes,
        Object.keys(values)
          .sort()
          .map((name) => ({
            labels: ['_AccountParameter'],
            node: {
              accountId: a.accountId,
              name,
              value: values[name],
              secret: false,
              createdOn: T0,
              updatedOn: T0,
            },
          })),
      );
    });

    it('replaces value and secret of an existing parameter, keeping createdOn', async () => {
      const a = await freshAccount();
      assert.equal((await put(a, 'p', { value: 'one', secret: true })).status, 200);
      clock = T0 + 1000;
      const res = await put(a, 'p', { value: [1, 2] });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        parameter: { name: 'p', value: [1, 2], secret: false, createdOn: T0, updatedOn: T0 + 1000 },
      });
      assert.deepEqual(await stored(a.accountId), [
        {
          labels: ['_AccountParameter'],
          node: {
            accountId: a.accountId,
            name: 'p',
            value: [1, 2],
            secret: false,
            createdOn: T0,
            updatedOn: T0 + 1000,
          },
        },
      ]);
    });

    it('names are case-sensitive: P and p are two parameters', async () => {
      const a = await freshAccount();
      await put(a, 'p', { value: 1 });
      await put(a, 'P', { value: 2 });
      assert.deepEqual(
        (await list(a)).body.parameters.map((p: { name: string; value: number }) => [
          p.name,
          p.value,
        ]),
        [
          ['P', 2],
          ['p', 1],
        ],
      );
    });

    it('400 for a value that is not a boolean, string, number or list of one of those; nothing is stored', async () => {
      const a = await freshAccount();
      const item = (i: number) =>
        `/value/${i} has invalid type: list items must be booleans, strings or numbers`;
      const cases: Array<[unknown, string]> = [
        [{ value: null }, `/value must not be null. ${VALID_TYPES}`],
        [
          { value: { a: 1 } },
          `/value has invalid type: objects cannot be stored in a parameter. ${VALID_TYPES}`,
        ],
        [{ value: [['nested']] }, item(0)],
        [{ value: ['a', { b: 1 }] }, item(1)],
        [{ value: [1, null] }, item(1)],
        [
          { value: [1, 'a'] },
          '/value/1 is a string but /value/0 is a number: a list holds only booleans, only strings or only numbers',
        ],
        [{ value: 'x'.repeat(10_001) }, '/value is longer than 10000 characters'],
        [{ value: ['a', 'x'.repeat(10_001)] }, '/value/1 is longer than 10000 characters'],
        [{ value: Array.from({ length: 1001 }, () => 1) }, '/value has more than 1000 items'],
      ];
      for (const [body, message] of cases) {
        expectError(await put(a, 'p', body), 400, 'VALIDATION_ERROR', message);
      }
      assert.deepEqual(await stored(a.accountId), []);
    });

    it('400 for a number that JSON parses to Infinity (1e400), alone or in a list', async () => {
      const a = await freshAccount();
      const raw = (text: string) =>
        request(app)
          .put('/parameters/p')
          .set(a.headers)
          .set('Content-Type', 'application/json')
          .send(text);
      expectError(
        await raw('{"value": 1e400}'),
        400,
        'VALIDATION_ERROR',
        '/value must be a finite number',
      );
      expectError(
        await raw('{"value": [1, -1e400]}'),
        400,
        'VALIDATION_ERROR',
        '/value/1 must be a finite number',
      );
      assert.deepEqual(await stored(a.accountId), []);
    });

    it('400 for a body without value, with other fields, or a non-boolean secret (the service checks the body: x-body-checked-by)', async () => {
      const a = await freshAccount();
      const cases: Array<[unknown, string]> = [
        [{}, '/value is required'],
        [{ secret: true }, '/value is required'],
        [{ value: 1, name: 'p' }, '/name is not allowed: the body holds only /value and /secret'],
        [{ value: 1, secret: 'yes' }, '/secret must be a boolean'],
        [[{ value: 1 }], 'The body must be an object: { "value": ..., "secret"?: boolean }'],
      ];
      for (const [body, message] of cases) {
        expectError(await put(a, 'p', body), 400, 'VALIDATION_ERROR', message);
      }
      assert.deepEqual(await stored(a.accountId), []);
    });
  });

  describe('names', () => {
    it('400 for a name that param.<name> could not reach, on every operation', async () => {
      const a = await freshAccount();
      for (const name of ['my-param', 'a.b', '9lives', 'a'.repeat(129), 'caf%C3%A9']) {
        const shown = decodeURIComponent(name);
        for (const res of [
          await get(a, name),
          await put(a, name, { value: 1 }),
          await del(a, name),
        ]) {
          expectError(res, 400, 'VALIDATION_ERROR', invalidName(shown));
        }
      }
      assert.deepEqual(await stored(a.accountId), []);
    });
  });

  describe('GET /parameters/{name} and GET /parameters', () => {
    it('answers a parameter, and lists all by name', async () => {
      const a = await freshAccount();
      await put(a, 'zeta', { value: 'z' });
      await put(a, 'alpha', { value: [true] });
      const one = await get(a, 'zeta');
      assert.equal(one.status, 200, JSON.stringify(one.body));
      assert.deepEqual(one.body, {
        parameter: { name: 'zeta', value: 'z', secret: false, createdOn: T0, updatedOn: T0 },
      });
      const all = await list(a);
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assert.deepEqual(all.body, {
        parameters: [
          { name: 'alpha', value: [true], secret: false, createdOn: T0, updatedOn: T0 },
          { name: 'zeta', value: 'z', secret: false, createdOn: T0, updatedOn: T0 },
        ],
      });
    });

    it('an account without parameters lists none; an unknown name is 404 PARAMETER_NOT_FOUND', async () => {
      const a = await freshAccount();
      const all = await list(a);
      assert.equal(all.status, 200);
      assert.deepEqual(all.body, { parameters: [] });
      expectError(await get(a, 'nope'), 404, 'PARAMETER_NOT_FOUND', notFound('nope'));
    });
  });

  describe('DELETE /parameters/{name}', () => {
    it('removes the parameter and answers it as it was; a second delete is 404', async () => {
      const a = await freshAccount();
      await put(a, 'p', { value: 3 });
      await put(a, 'q', { value: 4 });
      const res = await del(a, 'p');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        parameter: { name: 'p', value: 3, secret: false, createdOn: T0, updatedOn: T0 },
      });
      assert.deepEqual(
        (await stored(a.accountId)).map((s) => s.node.name),
        ['q'],
      );
      expectError(await get(a, 'p'), 404, 'PARAMETER_NOT_FOUND', notFound('p'));
      expectError(await del(a, 'p'), 404, 'PARAMETER_NOT_FOUND', notFound('p'));
    });
  });

  describe('secret parameters', () => {
    it('are stored, but PUT, GET, list and DELETE never answer the value', async () => {
      const a = await freshAccount();
      const shown = { name: 's', secret: true, createdOn: T0, updatedOn: T0 };
      const created = await put(a, 's', { value: SECRET, secret: true });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual(created.body, { parameter: shown });
      await put(a, 'plain', { value: 'visible', secret: false });
      assert.deepEqual((await get(a, 's')).body, { parameter: shown });
      assert.deepEqual((await list(a)).body, {
        parameters: [
          { name: 'plain', value: 'visible', secret: false, createdOn: T0, updatedOn: T0 },
          shown,
        ],
      });
      const node = (await stored(a.accountId)).find((s) => s.node.name === 's')!;
      assert.equal(node.node.value, SECRET);
      assert.equal(node.node.secret, true);
      const deleted = await del(a, 's');
      assert.equal(deleted.status, 200);
      assert.deepEqual(deleted.body, { parameter: shown });
      for (const res of [created, deleted]) assert.ok(!res.text.includes(SECRET));
    });

    it('are never logged, whether the request succeeds or is refused', async () => {
      const lines: string[] = [];
      const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
      const logged = await testApp({ logger, parameters: service });
      const a = await freshAccount();
      const send = (method: 'put' | 'get' | 'delete', name: string, body?: unknown) =>
        request(logged)
          [method](`/parameters/${name}`)
          .set(a.headers)
          .send(body as object);
      assert.equal((await send('put', 's', { value: SECRET, secret: true })).status, 200);
      assert.equal((await send('put', 's', { value: [SECRET, 1], secret: true })).status, 400);
      assert.equal((await send('put', 's', { value: SECRET, secret: 'yes' })).status, 400);
      assert.equal((await send('put', 's', { value: { SECRET }, secret: true })).status, 400);
      assert.equal((await send('get', 's')).status, 200);
      assert.equal((await request(logged).get('/parameters').set(a.headers)).status, 200);
      assert.equal((await send('delete', 's')).status, 200);
      assert.ok(lines.length >= 7, `only ${lines.length} log lines`);
      for (const line of lines) assert.ok(!line.includes(SECRET), line);
    });
  });

  describe('another account', () => {
    it('cannot see, read, replace or delete a parameter: 404 as if it did not exist, and its own PUT is its own', async () => {
      const a = await freshAccount();
      const b = await freshAccount();
      await put(a, 'shared', { value: 'a-value' });
      assert.deepEqual((await list(b)).body, { parameters: [] });
      expectError(await get(b, 'shared'), 404, 'PARAMETER_NOT_FOUND', notFound('shared'));
      expectError(await del(b, 'shared'), 404, 'PARAMETER_NOT_FOUND', notFound('shared'));
      clock = T0 + 5;
      assert.deepEqual((await put(b, 'shared', { value: 'b-value' })).body, {
        parameter: {
          name: 'shared',
          value: 'b-value',
          secret: false,
          createdOn: T0 + 5,
          updatedOn: T0 + 5,
        },
      });
      assert.deepEqual((await get(a, 'shared')).body, {
        parameter: {
          name: 'shared',
          value: 'a-value',
          secret: false,
          createdOn: T0,
          updatedOn: T0,
        },
      });
      assert.deepEqual(await service.values(a.accountId), { __proto__: null, shared: 'a-value' });
      assert.deepEqual(await service.values(b.accountId), { __proto__: null, shared: 'b-value' });
    });

    it('authentication is the account API: no key is 401, another account key is 403', async () => {
      const a = await freshAccount();
      const b = await freshAccount();
      const noKey = await request(app).get('/parameters').set('JupiterOne-Account', a.accountId);
      assert.equal(noKey.status, 401);
      const crossed = await request(app)
        .put('/parameters/p')
        .set({ ...a.headers, Authorization: b.headers.Authorization! })
        .send({ value: 1 });
      assert.equal(crossed.status, 403);
      assert.deepEqual(await stored(a.accountId), []);
    });
  });

  it("deleting an account's data deletes its parameters", async () => {
    const a = await freshAccount();
    await put(a, 'p', { value: 1 });
    await put(a, 's', { value: SECRET, secret: true });
    const graph = await testGraph();
    await graph.write('accounts/delete-account-data', { id: a.accountId });
    assert.deepEqual(await stored(a.accountId), []);
  });

  describe('values() (for query and rule evaluation)', () => {
    it('answers every value of the account, secrets included, in a record without a prototype', async () => {
      const a = await freshAccount();
      await put(a, 'plain', { value: ['x', 'y'] });
      await put(a, 'token', { value: SECRET, secret: true });
      await put(a, 'limit', { value: 10 });
      await put(a, '__proto__', { value: true });
      const values = await service.values(a.accountId);
      assert.equal(Object.getPrototypeOf(values), null);
      assert.deepEqual(
        Object.entries(values).sort(([x], [y]) => x.localeCompare(y)),
        [
          ['__proto__', true],
          ['limit', 10],
          ['plain', ['x', 'y']],
          ['token', SECRET],
        ],
      );
      assert.equal(values.constructor, undefined);
      const none = await service.values((await freshAccount()).accountId);
      assert.deepEqual(Object.keys(none), []);
    });
  });
});
