import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import pino from 'pino';
import request from 'supertest';
import { loadContractDocument } from '../../../src/contract/contract-document';
import {
  openTuples,
  RELAXED_POINTERS,
  relaxOpenTuplesForValidator,
  validatorApiSpec,
} from '../../../src/contract/validator-spec';
import { contractSchema, type SchemaName } from '../../../src/contract/contract-schemas';
import { checkContractBodies, HOUSE_CHECKED_SCHEMAS } from '../../../src/http/contract-validation';
import { errorHandler } from '../../../src/http/error-handler';
import { RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';

type Json = Record<string, unknown>;
type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

function at(doc: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

function setAt(doc: Json, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop()!;
  const parent = keys.reduce<unknown>((node, key) => (node as Json)[key], doc) as Json;
  parent[last] = value;
}

/** The component as express-openapi-validator's Ajv compiles it (its options, 5.6). */
function compileAsTheValidator(doc: Json): void {
  const ajv = new Ajv2020({ strict: false, strictTuples: true, allowUnionTypes: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  ajv.getSchema('doc#/components/schemas/RuleRequest');
}

/** A rule whose only condition is `condition`. */
function ruleWith(condition: unknown): Json {
  return {
    name: 'r',
    question: { queries: [{ query: 'FIND aws_s3_bucket' }] },
    operations: [{ when: { type: 'FILTER', condition }, actions: [{ type: 'CREATE_ALERT' }] }],
  };
}

/** POST /rules through the validator given the relaxed document, after the house check or not. */
function app(houseCheck: boolean): express.Express {
  const routes = RouteTable.fromFile(openapiPath);
  const server = express();
  server.use(express.json());
  server.use((req: Request, res: Response, next: NextFunction) => {
    const match = routes.match(req.method, req.path);
    if (match.kind === 'found') res.locals.operation = match.operation;
    next();
  });
  if (houseCheck) server.use(checkContractBodies);
  server.use(
    OpenApiValidator.middleware({
      apiSpec: validatorApiSpec() as unknown as ValidatorOptions['apiSpec'],
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses: false,
      validateSecurity: false,
    }),
  );
  server.post('/rules', (_req, res) => {
    res.status(201).json({});
  });
  server.use(errorHandler(pino({ level: 'silent' })));
  return server;
}

describe('the document given to express-openapi-validator', () => {
  const bundled = loadContractDocument();

  it('the bundled group is an open tuple the validator cannot compile; the relaxed one compiles', () => {
    assert.throws(() => compileAsTheValidator(bundled), /"prefixItems" is 1-tuple/);
    const relaxed = relaxOpenTuplesForValidator(bundled);
    compileAsTheValidator(relaxed);
    assert.deepEqual(openTuples(relaxed, ''), []);
    assert.deepEqual(openTuples(bundled, ''), [
      '/components/schemas/RuleConditionClause/if/prefixItems',
      '/components/schemas/RuleConditionClause/then/prefixItems',
    ]);
  });

  it('differs from the bundled openapi.yaml at the relaxed pointers only', () => {
    const relaxed = relaxOpenTuplesForValidator(bundled);
    for (const pointer of RELAXED_POINTERS)
      assert.notDeepEqual(at(relaxed, pointer), at(bundled, pointer), pointer);
    for (const pointer of RELAXED_POINTERS) setAt(relaxed, pointer, at(bundled, pointer));
    assert.deepEqual(relaxed, bundled);
    // and the loaded document itself is left as it was
    assert.deepEqual(bundled, loadContractDocument());
  });

  it('the house Ajv (strict) compiles every component it checks, from the unmodified document', () => {
    for (const name of HOUSE_CHECKED_SCHEMAS) assert.ok(contractSchema(name as SchemaName), name);
  });

  it('refuses a contract whose group is no longer the expected open tuple', () => {
    const changed = structuredClone(bundled);
    delete (at(changed, '/components/schemas/RuleConditionClause/then') as Json).items;
    assert.throws(() => relaxOpenTuplesForValidator(changed), /no longer the group/);
  });

  describe('POST /rules', function () {
    this.timeout(20_000);
    // First item a clause, not AND|OR: the relaxed group lets it through, the contract does not.
    const notAGroup = ruleWith([
      ['queries.query0.total', '>', 0],
      ['queries.query0.total', '<', 10],
    ]);

    it('the house validation, on the unmodified component, refuses it with its message', async () => {
      const res = await request(app(true))
        .post('/rules')
        .set('JupiterOne-Account', 'a')
        .send(notAGroup)
        .expect(400);
      assert.equal(
        (res.body as { error: { message: string } }).error.message,
        '/operations/0/when/condition must be a comparison [path, operator, value] or a group ' +
          '[AND|OR, clause, ...]',
      );
    });

    it('the relaxed validator alone would not (which is why the house check runs first)', async () => {
      await request(app(false))
        .post('/rules')
        .set('JupiterOne-Account', 'a')
        .send(notAGroup)
        .expect(201);
    });

    it('groups and comparisons pass both; a bad operator in a group is refused', async () => {
      const server = app(true);
      for (const condition of [
        ['AND', ['queries.query0.total', '>', 0], ['OR', ['queries.query1.total', '=', 'AND']]],
        ['queries.query0.total', '>=', 3],
      ]) {
        await request(server)
          .post('/rules')
          .set('JupiterOne-Account', 'a')
          .send(ruleWith(condition))
          .expect(201);
      }
      const res = await request(server)
        .post('/rules')
        .set('JupiterOne-Account', 'a')
        .send(ruleWith(['OR', ['AND', ['a', 'gt', 1]]]))
        .expect(400);
      assert.equal(
        (res.body as { error: { message: string } }).error.message,
        '/operations/0/when/condition/1/1/1 must be one of >, <, >=, <=, =, ==, !=',
      );
    });
  });
});
