import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import request from 'supertest';
import { stringify as toYaml } from 'yaml';
import { freshAccount } from '../../helpers/harness';
import {
  assertError,
  bookkeeping,
  type Body,
  customProps,
  entity,
  JOBS,
  Jobs,
  type JobBody,
  relationship,
  type Res,
  scopeContents,
  sharedApp,
  stagedFiles,
} from './lifecycle-helpers';

/**
 * Upload formats (issue 4) through HTTP on the real Neo4j: JSON, CSV and YAML bodies, plain or
 * compressed, on every upload route, read back from the graph after finalize; the CSV conversion
 * rules; the same validation messages in every format (CSV ones naming the line); and rejected
 * bodies (malformed, undecodable, unsupported) that leave the job exactly as it was.
 */

const SCOPE = 'formats';
const YAML_TYPE = 'application/yaml';
const ACCEPTED = 'application/json, text/csv, application/yaml, text/yaml, application/x-yaml';

type Encoding = 'identity' | 'gzip' | 'deflate' | 'br';
const ENCODE: Record<Encoding, (text: string) => Buffer> = {
  identity: (text) => Buffer.from(text),
  gzip: (text) => zlib.gzipSync(text),
  deflate: (text) => zlib.deflateSync(text),
  br: (text) => zlib.brotliCompressSync(text),
};

interface Payload {
  type: string;
  text: string;
  encoding?: Encoding;
}

const json = (body: Body): Payload => ({ type: 'application/json', text: JSON.stringify(body) });
const yaml = (body: Body): Payload => ({ type: YAML_TYPE, text: toYaml(body) });
const csv = (...lines: string[]): Payload => ({ type: 'text/csv', text: `${lines.join('\n')}\n` });

/** POSTs a body as bytes, with its Content-Type and Content-Encoding. */
async function send(jobs: Jobs, id: string, route: string, payload: Payload): Promise<Res> {
  const encoding = payload.encoding ?? 'identity';
  return request(jobs.app)
    .post(`${JOBS}/${id}/${route}`)
    .set(jobs.headers)
    .set('Content-Type', payload.type)
    .set(encoding === 'identity' ? {} : { 'Content-Encoding': encoding })
    .serialize((bytes: unknown) => bytes as string)
    .send(ENCODE[encoding](payload.text));
}

async function accepted(jobs: Jobs, id: string, route: string, payload: Payload) {
  const res = await send(jobs, id, route, payload);
  assert.equal(res.status, 200, `${payload.type} ${payload.encoding ?? ''} /${route}: ${res.text}`);
  return (res.body as { job: JobBody }).job;
}

async function startJob(scope = SCOPE) {
  const account = await freshAccount();
  const jobs = new Jobs(await sharedApp(), account.headers);
  const { id } = await jobs.start({ source: 'api', scope, syncMode: 'DIFF' });
  return { jobs, accountId: account.accountId, id };
}

/**
 * A job with one accepted JSON batch, and a check that a later rejected request left it exactly as
 * it was: same job resource, only that batch staged, and finalize applies only it.
 */
async function jobWithBaseline() {
  const { jobs, accountId, id } = await startJob();
  await jobs.upload(id, 'upload', { entities: [entity('base')] });
  const before = await jobs.job(id);
  const assertUntouched = async () => {
    assert.deepEqual(await jobs.job(id), before, 'the rejected upload changed the job');
    assert.deepEqual(stagedFiles(accountId, id), ['000001.json.gz']);
    assert.deepEqual(await bookkeeping(accountId, id), { jobs: 1, batches: 1, stagedKeys: 1 });
    const done = await jobs.finalize(id);
    assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [1, 0]);
    const { entities, relationships } = await scopeContents(accountId, SCOPE);
    assert.deepEqual([entities.map((e) => e._key), relationships], [['base'], []]);
  };
  return { jobs, id, assertUntouched };
}

/** A stored relationship's custom properties (its ends and Neo4j type left out). */
function relationshipProps(stored: Record<string, unknown>): Record<string, unknown> {
  const ends = ['type', 'fromKey', 'toKey', 'fromId', 'toId', 'fromScope', 'toScope'];
  return Object.fromEntries(
    Object.entries(customProps(stored)).filter(([name]) => !ends.includes(name)),
  );
}

/** The scope as a plain picture: entities and relationships with their types and properties. */
async function graphOf(accountId: string) {
  const { entities, relationships } = await scopeContents(accountId, SCOPE);
  return {
    entities: entities.map((e) => ({
      _key: e._key,
      _type: e._type,
      labels: [...e.labels].sort(),
      props: customProps(e),
    })),
    relationships: relationships.map((r) => ({
      _key: r._key,
      _type: r._type,
      type: r.type,
      ends: [r.fromKey, r.toKey],
      props: relationshipProps(r),
    })),
  };
}

// One data set in every format: numbers, booleans, strings, arrays of each, a multi-class entity.
const ENTITIES: Body[] = [
  {
    _key: 'host-1',
    _type: 'example_host',
    _class: 'Host',
    displayName: 'host-1',
    port: 443,
    ratio: 0.5,
    public: true,
    tags: ['prod', 'web'],
  },
  {
    _key: 'app-1',
    _type: 'example_app',
    _class: ['Application', 'Service'],
    displayName: 'app-1',
    ports: [80, 8080],
    public: false,
  },
];
const RELATIONSHIPS: Body[] = [
  {
    _key: 'host-1|runs|app-1',
    _type: 'example_host_runs_app',
    _class: 'RUNS',
    _fromEntityKey: 'host-1',
    _toEntityKey: 'app-1',
    weight: -2.5,
    primary: true,
  },
];
const ENTITY_CSV = [
  '_key,_type,_class.0,_class.1,displayName,port,ratio,public,tags,ports.0,ports.1',
  'host-1,example_host,Host,,host-1,443,0.5,true,"[""prod"",""web""]",,',
  'app-1,example_app,Application,Service,app-1,,,false,,80,8080',
];
const RELATIONSHIP_CSV = [
  '_key,_type,_class,_fromEntityKey,_toEntityKey,weight,primary',
  'host-1|runs|app-1,example_host_runs_app,RUNS,host-1,app-1,-2.5,true',
];
// Both kinds in one file: relationship rows are told apart by their end columns.
const MIXED_CSV = [
  '_key,_type,_class,displayName,port,ratio,public,tags.0,tags.1,ports,_fromEntityKey,_toEntityKey,weight,primary',
  'host-1,example_host,Host,host-1,443,0.5,true,prod,web,,,,,',
  'host-1|runs|app-1,example_host_runs_app,RUNS,,,,,,,,host-1,app-1,-2.5,true',
  'app-1,example_app,"[""Application"",""Service""]",app-1,,,false,,,"[80,8080]",,,,',
];

const EXPECTED_GRAPH = {
  entities: [
    {
      _key: 'app-1',
      _type: 'example_app',
      labels: ['Application', 'Entity', 'Service', 'example_app'],
      props: { displayName: 'app-1', ports: [80, 8080], public: false },
    },
    {
      _key: 'host-1',
      _type: 'example_host',
      labels: ['Entity', 'Host', 'example_host'],
      props: { displayName: 'host-1', port: 443, ratio: 0.5, public: true, tags: ['prod', 'web'] },
    },
  ],
  relationships: [
    {
      _key: 'host-1|runs|app-1',
      _type: 'example_host_runs_app',
      type: 'RUNS',
      ends: ['host-1', 'app-1'],
      props: { weight: -2.5, primary: true },
    },
  ],
};

interface Variant {
  name: string;
  /** The body for /upload (both kinds at once). */
  all: Payload;
  entities: Payload;
  relationships: Payload;
}

function variant(format: 'json' | 'csv' | 'yaml', encoding: Encoding): Variant {
  const withEncoding = (p: Payload): Payload => ({ ...p, encoding });
  const of = {
    json: {
      all: json({ entities: ENTITIES, relationships: RELATIONSHIPS }),
      entities: json({ entities: ENTITIES }),
      relationships: json({ relationships: RELATIONSHIPS }),
    },
    yaml: {
      all: yaml({ entities: ENTITIES, relationships: RELATIONSHIPS }),
      entities: yaml({ entities: ENTITIES }),
      relationships: yaml({ relationships: RELATIONSHIPS }),
    },
    csv: {
      all: csv(...MIXED_CSV),
      entities: csv(...ENTITY_CSV),
      relationships: csv(...RELATIONSHIP_CSV),
    },
  }[format];
  return {
    name: `${format}${encoding === 'identity' ? '' : ` (${encoding})`}`,
    all: withEncoding(of.all),
    entities: withEncoding(of.entities),
    relationships: withEncoding(of.relationships),
  };
}

const VARIANTS: Variant[] = [
  variant('json', 'identity'),
  variant('json', 'gzip'),
  variant('json', 'br'),
  variant('json', 'deflate'),
  variant('csv', 'identity'),
  variant('csv', 'gzip'),
  variant('csv', 'br'),
  variant('yaml', 'identity'),
  variant('yaml', 'gzip'),
];

describe('sync jobs: upload formats (HTTP, real Neo4j)', () => {
  describe('every format and encoding writes the same graph', () => {
    for (const v of VARIANTS) {
      it(`${v.name} on /upload`, async () => {
        const { jobs, accountId, id } = await startJob();
        const job = await accepted(jobs, id, 'upload', v.all);
        assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
        const done = await jobs.finalize(id);
        assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
        assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
      });

      it(`${v.name} on /entities and /relationships`, async () => {
        const { jobs, accountId, id } = await startJob();
        // Relationships first: their ends are resolved at finalize.
        await accepted(jobs, id, 'relationships', v.relationships);
        const job = await accepted(jobs, id, 'entities', v.entities);
        assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
        const done = await jobs.finalize(id);
        assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
        assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
      });
    }

    it('YAML under text/yaml and application/x-yaml, CSV with a charset and CRLF line ends', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(jobs, id, 'entities', {
        type: 'text/yaml',
        text: toYaml({ entities: ENTITIES.slice(0, 1) }),
      });
      await accepted(jobs, id, 'entities', {
        type: 'application/x-yaml',
        text: toYaml({ entities: ENTITIES.slice(1) }),
      });
      await accepted(jobs, id, 'relationships', {
        type: 'text/csv; charset=utf-8',
        text: `${RELATIONSHIP_CSV.join('\r\n')}\r\n`,
      });
      await jobs.finalize(id);
      assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
    });
  });

  describe('CSV conversion', () => {
    it('converts JSON number literals and true/false; everything else, and system columns, stay text', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(
        jobs,
        id,
        'entities',
        csv(
          '_key,_type,_class,int,negative,exponent,zero,zip,plus,spaced,big,yes,no,caps,text,null,blank',
          '123,007,true,42,-1.5,2e3,0,02139,+1, 7,12345678901234567890,true,false,TRUE,hello,null,',
        ),
      );
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.equal(entities.length, 1);
      const stored = entities[0]!;
      assert.deepEqual(
        [stored._key, stored._type, stored.labels],
        ['123', '007', ['Entity', 'true']],
      );
      assert.deepEqual(customProps(stored), {
        int: 42,
        negative: -1.5,
        exponent: 2000,
        zero: 0,
        zip: '02139',
        plus: '+1',
        spaced: ' 7',
        big: '12345678901234567890',
        yes: true,
        no: false,
        caps: 'TRUE',
        text: 'hello',
        null: 'null',
      });
    });

    it('arrays: a JSON array in a cell, or spread over name.0, name.1, ... (also _class)', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(
        jobs,
        id,
        'entities',
        csv(
          '_key,_type,_class.0,_class.1,_class.2,names,nums,v.0,v.1,v.2,v.10,mixed.0,mixed.1',
          'a,t,Host,Device,,"[""x"",""y""]","[1,2.5]",3,,4,5,1,x',
          'b,t,Host,,,,"[]",,,,,true,false',
          'c,t,,Device,Server,"[""only""]",,,,,,,',
        ),
      );
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((e) => [e._key, [...e.labels].sort(), customProps(e)]),
        [
          [
            'a',
            ['Device', 'Entity', 'Host', 't'],
            // v: index order (0, 2, 10), the empty v.1 left out; mixed: not all numbers, so text.
            { names: ['x', 'y'], nums: [1, 2.5], v: [3, 4, 5], mixed: ['1', 'x'] },
          ],
          ['b', ['Entity', 'Host', 't'], { nums: [], mixed: [true, false] }],
          ['c', ['Device', 'Entity', 'Server', 't'], { names: ['only'] }],
        ],
      );
    });

    it('a row is a relationship when any of the four end columns has a value', async () => {
      const header = '_key,_type,_class,_fromEntityKey,_fromEntityId,_toEntityKey,_toEntityId';
      // Each row has just one end: validation then treats it as a (broken) relationship.
      const rows = [
        'r,t,USES,from,,,',
        'r,t,USES,,from-id,,',
        'r,t,USES,,,to,',
        'r,t,USES,,,,to-id',
      ];
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      for (const row of rows) {
        const res = await send(jobs, id, 'upload', csv(header, 'e,t,Host,,,,', row));
        assert.equal(res.status, 400, res.text);
        assert.match(
          (res.body as ErrorBody).error?.message ?? '',
          /^CSV line 3: \/relationships\/0\//,
        );
      }
      // With no end, the same row is an entity.
      const entityOnly = await send(jobs, id, 'relationships', csv(header, 'e,t,Host,,,,'));
      assertError(
        entityOnly,
        400,
        'VALIDATION_ERROR',
        'entities are not accepted by the /relationships route: upload them to /entities or /upload',
      );
      await assertUntouched();
    });

    it('blank lines and rows of empty cells are skipped; a header-only file is an empty upload', async () => {
      const { jobs, accountId, id } = await startJob();
      const job = await accepted(
        jobs,
        id,
        'entities',
        csv('_key,_type,_class', '', 'a,t,Host', ',,', '', 'b,t,Host', ''),
      );
      assert.equal(job.numEntitiesUploaded, 2);
      assertError(
        await send(jobs, id, 'entities', csv('_key,_type,_class')),
        400,
        'VALIDATION_ERROR',
        'entities must have minimum 1 item',
      );
      assertError(
        await send(jobs, id, 'upload', { type: 'text/csv', text: '' }),
        400,
        'VALIDATION_ERROR',
        'An upload must contain at least one entity or relationship',
      );
      await jobs.finalize(id);
      assert.deepEqual(
        (await graphOf(accountId)).entities.map((e) => e._key),
        ['a', 'b'],
      );
    });
  });

  describe('the same validation, and messages, in every format', () => {
    interface Rejection {
      name: string;
      route?: string;
      body: Body;
      csv: Payload;
      message: string;
      /** The line of the CSV file where the object the message points at starts. */
      line?: number;
    }
    const withoutKey = { _type: 'test_host', _class: 'Host' };
    const rejections: Rejection[] = [
      {
        name: 'a missing _key, after relationship rows and a blank line',
        body: {
          entities: [entity('k0'), entity('k1'), withoutKey],
          relationships: [relationship('r0', 'k0', 'k1')],
        },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k1',
          '',
          'k1,test_host,Host,,',
          ',test_host,Host,,',
        ),
        message: '/entities/2/_key is required',
        line: 6,
      },
      {
        name: 'a relationship without _type',
        body: {
          entities: [entity('k0'), entity('k1')],
          relationships: [
            relationship('r0', 'k0', 'k1'),
            { _key: 'r1', _class: 'USES', _fromEntityKey: 'k1', _toEntityKey: 'k0' },
          ],
        },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k1',
          'r1,,USES,k1,k0',
          'k1,test_host,Host,,',
        ),
        message: '/relationships/1/_type is required',
        line: 4,
      },
      {
        name: 'a reserved property name',
        body: { entities: [entity('k0', { _internal: 'x' })] },
        csv: csv('_key,_type,_class,_internal', 'k0,test_host,Host,x'),
        message: "/entities/0 (entity key: 'k0') has invalid property name '_internal'",
        line: 2,
      },
      {
        name: 'a _class of six items',
        body: { entities: [entity('k0', { _class: ['A', 'B', 'C', 'D', 'E', 'F'] })] },
        csv: csv(
          '_key,_type,_class.0,_class.1,_class.2,_class.3,_class.4,_class.5',
          'k0,test_host,A,B,C,D,E,F',
        ),
        message: "/entities/0/_class (entity key: 'k0') has more than 5 items",
        line: 2,
      },
      {
        name: 'a _key over 7000 characters',
        body: { entities: [entity('k0'), entity('x'.repeat(7001))] },
        csv: csv('_key,_type,_class', 'k0,test_host,Host', `${'x'.repeat(7001)},test_host,Host`),
        message: '/entities/1/_key: maximum length exceeded',
        line: 3,
      },
      {
        name: 'a mixed-type array',
        body: { entities: [entity('k0', { tags: [1, 'a'] })] },
        csv: csv('_key,_type,_class,tags', 'k0,test_host,Host,"[1,""a""]"'),
        message:
          "/entities/0/tags (entity key: 'k0') has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.",
        line: 2,
      },
      {
        name: 'an array on a relationship',
        body: { relationships: [relationship('r0', 'k0', 'k1', { tags: ['a'] })] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey,tags.0',
          'r0,test_host_uses_host,USES,k0,k1,a',
        ),
        message:
          "/relationships/0/tags (relationship key: 'r0') has invalid type. Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.",
        line: 2,
      },
      {
        name: 'a duplicate _key within the upload',
        body: { entities: [entity('k0'), entity('k1'), entity('k0')] },
        csv: csv(
          '_key,_type,_class',
          'k0,test_host,Host',
          'k1,test_host,Host',
          'k0,test_host,Host',
        ),
        message:
          "/entities/2/_key 'k0' is a duplicate: an entity with this _key was already uploaded in this job",
        line: 4,
      },
      {
        name: 'a _key uploaded by an earlier batch',
        body: { entities: [entity('k0'), entity('base')] },
        csv: csv('_key,_type,_class', 'k0,test_host,Host', 'base,test_host,Host'),
        message:
          "/entities/1/_key 'base' is a duplicate: an entity with this _key was already uploaded in this job",
        line: 3,
      },
      {
        name: 'a class that cannot be a Neo4j label',
        body: { entities: [entity('k0'), entity('k1', { _class: ['Host', 'lower case class'] })] },
        csv: csv(
          '_key,_type,_class.0,_class.1',
          'k0,test_host,Host,',
          'k1,test_host,Host,lower case class',
        ),
        message:
          "/entities/1/_class (entity key: 'k1') has invalid class 'lower case class': a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        line: 3,
      },
      {
        name: 'a relationship class that cannot be a Neo4j relationship type',
        route: 'relationships',
        body: { relationships: [relationship('r0', 'k0', 'k1', { _class: '9USES' })] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'r0,test_host_uses_host,9USES,k0,k1',
        ),
        message:
          "/relationships/0/_class (relationship key: 'r0') has invalid class '9USES': a relationship class becomes a Neo4j relationship type, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        line: 2,
      },
      {
        name: 'a relationship sent to /entities',
        route: 'entities',
        body: { entities: [entity('k0')], relationships: [relationship('r0', 'k0', 'k0')] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k0',
        ),
        message:
          'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
      },
    ];

    for (const c of rejections) {
      const route = c.route ?? 'upload';
      it(`${c.name} (/${route})`, async () => {
        const { jobs, id, assertUntouched } = await jobWithBaseline();
        const expected = [
          ['json', c.message],
          ['yaml', c.message],
          ['csv', c.line === undefined ? c.message : `CSV line ${c.line}: ${c.message}`],
        ];
        const got = [
          ['json', await send(jobs, id, route, json(c.body))],
          ['yaml', await send(jobs, id, route, yaml(c.body))],
          ['csv', await send(jobs, id, route, c.csv)],
        ] as const;
        assert.deepEqual(
          got.map(([format, res]) => [format, res.status, (res.body as ErrorBody).error?.code]),
          expected.map(([format]) => [format, 400, 'VALIDATION_ERROR']),
        );
        assert.deepEqual(
          got.map(([format, res]) => [format, (res.body as ErrorBody).error?.message]),
          expected,
        );
        await assertUntouched();
      });
    }

    it('an empty entities array next to relationships is refused in JSON and YAML; a CSV file of relationship rows is not one', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const body = { entities: [], relationships: [relationship('r0', 'k0', 'k1')] };
      for (const route of ['upload', 'relationships']) {
        for (const payload of [json(body), yaml(body)]) {
          assertError(
            await send(jobs, id, route, payload),
            400,
            'VALIDATION_ERROR',
            'entities must have minimum 1 item',
          );
        }
      }
      await assertUntouched();

      const { jobs: other, accountId, id: next } = await startJob();
      const rows = csv(
        '_key,_type,_class,_fromEntityKey,_toEntityKey',
        'r0,test_host_uses_host,USES,k0,k1',
      );
      const job = await accepted(other, next, 'upload', rows);
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [0, 1]);
      await accepted(
        other,
        next,
        'upload',
        csv('_key,_type,_class', 'k0,test_host,Host', 'k1,test_host,Host'),
      );
      const done = await other.finalize(next);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
      assert.deepEqual(
        (await graphOf(accountId)).relationships.map((r) => [r._key, r.type, r.ends]),
        [['r0', 'USES', ['k0', 'k1']]],
      );
    });

    it('a displayName or owner that is not a string: refused in JSON and YAML, CSV cells stay text', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const body = { entities: [entity('k0', { displayName: 123456789012 })] };
      const message =
        "/entities/0/displayName (entity key: 'k0') has invalid type. Valid types are string or null.";
      assertError(await send(jobs, id, 'upload', json(body)), 400, 'VALIDATION_ERROR', message);
      assertError(await send(jobs, id, 'upload', yaml(body)), 400, 'VALIDATION_ERROR', message);
      await assertUntouched();

      const { jobs: other, accountId, id: next } = await startJob();
      await accepted(
        other,
        next,
        'entities',
        csv('_key,_type,_class,displayName,owner,n', 'k0,test_host,Host,123456789012,true,42'),
      );
      await other.finalize(next);
      assert.deepEqual((await graphOf(accountId)).entities, [
        {
          _key: 'k0',
          _type: 'test_host',
          labels: ['Entity', 'Host', 'test_host'],
          props: { displayName: '123456789012', owner: 'true', n: 42 },
        },
      ]);
    });

    it('JSON and YAML agree on types CSV cannot write (a numeric _key, an object)', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      for (const [body, message] of [
        [{ entities: [entity('k0', { _key: 123 })] }, '/entities/0/_key must be a string'],
        [
          { entities: [entity('k0', { meta: { a: 1 } })] },
          "/entities/0/meta (entity key: 'k0') has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.",
        ],
      ] as const) {
        assertError(await send(jobs, id, 'upload', json(body)), 400, 'VALIDATION_ERROR', message);
        assertError(await send(jobs, id, 'upload', yaml(body)), 400, 'VALIDATION_ERROR', message);
      }
      await assertUntouched();
    });
  });

  describe('malformed, undecodable and unsupported bodies change nothing', () => {
    interface Refusal {
      name: string;
      payload: Payload;
      /** A Content-Encoding sent with the plain bytes. */
      claimed?: Encoding;
      status: number;
      message: string | RegExp;
    }
    const cases: Refusal[] = [
      {
        name: 'CSV: a row with too few fields',
        payload: csv('_key,_type,_class', 'a,t,Host', 'b,t'),
        status: 400,
        message: 'CSV line 3: 2 fields, but the header has 3',
      },
      {
        name: 'CSV: a quoted field that is never closed',
        payload: csv('_key,_type,_class', 'a,t,Host', '', 'b,t,"Host'),
        status: 400,
        message: 'CSV line 4: a quoted field is not closed',
      },
      {
        name: 'CSV: a stray quote in an unquoted field',
        payload: csv('_key,_type,_class', 'a,t,Ho"st'),
        status: 400,
        message:
          'CSV line 2: a quote inside an unquoted field (quote the field, and write the quote as "")',
      },
      {
        name: 'CSV: line numbers count the lines inside quoted fields',
        payload: csv('_key,_type,_class,note', 'a,t,Host,"two\r\nlines"', 'b,t'),
        status: 400,
        message: 'CSV line 4: 2 fields, but the header has 4',
      },
      {
        name: 'CSV: a column named twice',
        payload: csv('_key,_type,_class,_key', 'a,t,Host,b'),
        status: 400,
        message: "CSV line 1: column '_key' appears more than once in the header",
      },
      {
        name: 'CSV: a value in a column without a name',
        payload: csv('_key,_type,_class,', 'a,t,Host,', 'b,t,Host,x'),
        status: 400,
        message: 'CSV line 3: column 4 has a value but no name in the header',
      },
      {
        name: 'YAML: a key given twice',
        payload: { type: YAML_TYPE, text: 'entities:\n  - _key: a\n    _key: b\n' },
        status: 400,
        message: 'YAML line 3: Map keys must be unique',
      },
      {
        name: 'YAML: a sequence instead of a mapping',
        payload: { type: YAML_TYPE, text: '- _key: a\n  _type: t\n  _class: Host\n' },
        status: 400,
        message: 'The YAML document must be a mapping with entities and/or relationships',
      },
      {
        name: 'YAML: two documents',
        payload: { type: YAML_TYPE, text: 'entities: []\n---\nentities: []\n' },
        status: 400,
        message: 'YAML line 2: only one document is allowed in an upload',
      },
      {
        name: 'YAML: an alias bomb',
        payload: {
          type: YAML_TYPE,
          text: [
            'a: &a [x, x, x, x, x, x, x, x, x, x]',
            'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
            'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
            'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
            'entities: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
          ].join('\n'),
        },
        status: 400,
        message: /^YAML: Excessive alias count/,
      },
      {
        name: 'JSON labelled gzip, sent plain',
        payload: json({ entities: [entity('k0')] }),
        claimed: 'gzip',
        status: 400,
        message: /^Request body could not be decompressed: /,
      },
      {
        name: 'CSV labelled br, sent plain',
        payload: csv('_key,_type,_class', 'k0,test_host,Host'),
        claimed: 'br',
        status: 400,
        message: /^Request body could not be decompressed: /,
      },
      {
        name: 'text/plain',
        payload: { type: 'text/plain', text: '_key\nk0\n' },
        status: 415,
        message: `Unsupported Content-Type: text/plain (accepted: ${ACCEPTED})`,
      },
    ];
    for (const c of cases) {
      it(`${c.name} -> ${c.status}`, async () => {
        const { jobs, id, assertUntouched } = await jobWithBaseline();
        const res =
          c.claimed === undefined
            ? await send(jobs, id, 'upload', c.payload)
            : await request(jobs.app)
                .post(`${JOBS}/${id}/upload`)
                .set(jobs.headers)
                .set('Content-Type', c.payload.type)
                .set('Content-Encoding', c.claimed)
                .send(c.payload.text);
        assert.equal(res.status, c.status, res.text);
        const error = (res.body as ErrorBody).error;
        const code = { 400: ['VALIDATION_ERROR', 'BAD_REQUEST'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };
        assert.ok(code[c.status as 400 | 415].includes(error?.code ?? ''), res.text);
        if (typeof c.message === 'string') assert.equal(error?.message, c.message);
        else assert.match(error?.message ?? '', c.message);
        await assertUntouched();
      });
    }

    it('corrupt gzip and br bodies (truncated) are 400 and stage nothing', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const text = JSON.stringify({ entities: [entity('k0'), entity('k1')] });
      for (const encoding of ['gzip', 'br'] as const) {
        const whole = ENCODE[encoding](text);
        const res = await request(jobs.app)
          .post(`${JOBS}/${id}/upload`)
          .set(jobs.headers)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .serialize((bytes: unknown) => bytes as string)
          .send(whole.subarray(0, whole.length - 3));
        assert.equal(res.status, 400, res.text);
        assert.equal((res.body as ErrorBody).error?.code, 'BAD_REQUEST');
      }
      await assertUntouched();
    });
  });
});

interface ErrorBody {
  error?: { code?: string; message?: string };
}
