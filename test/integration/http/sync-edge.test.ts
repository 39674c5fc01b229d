import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import request from 'supertest';
import { AppError, NotFoundError } from '../../../src/errors/app-error';
import { RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';
import type { JobEvent, SyncJobApi } from '../../../src/sync/jobs/job-service-contract';
import type { SyncJob } from '../../../src/sync/jobs/job-types';
import { freshAccount, testApp } from '../../helpers/harness';
import { type Captured, replay, trafficFiles } from '../../helpers/client-traffic';
import { ZERO_COUNTERS } from '../../helpers/job-counters';

/**
 * The HTTP adapter layer of the sync job API: request decoding, what the validator lets through,
 * the plain input each handler builds, and response validation. The service behind it is a
 * recording stand-in (the service has its own tests); Neo4j is real for authentication.
 */

type Method = keyof SyncJobApi;
interface Call {
  method: Method;
  input: unknown;
}

function cannedJob(accountId: string, id: string): SyncJob {
  return {
    id,
    accountId,
    source: 'api',
    scope: 'conformance-scope',
    syncMode: 'DIFF',
    status: 'AWAITING_UPLOADS',
    done: false,
    startTimestamp: 1795353156539,
    ignoreDuplicates: false,
    ...ZERO_COUNTERS,
  };
}

const cannedEvent: JobEvent = {
  id: 'e7a1c1de-0000-4000-8000-000000000001',
  createDate: 1795353156540,
  name: 'step_start',
  description: 'Starting step',
};

const START_JOB_ID = '11111111-1111-4111-8111-111111111111';

/** A SyncJobApi that records every call and answers with canned, schema-valid results. */
function recordingSyncJobs(job: (accountId: string, id: string) => SyncJob = cannedJob) {
  const calls: Call[] = [];
  const record = <T>(method: Method, input: unknown, result: T): Promise<T> => {
    calls.push({ method, input });
    return Promise.resolve(result);
  };
  const api: SyncJobApi = {
    start: (input) => record('start', input, job(input.accountId, START_JOB_ID)),
    get: (input) => record('get', input, job(input.accountId, input.jobId)),
    list: (input) => record('list', input, { jobs: [job(input.accountId, START_JOB_ID)] }),
    upload: (input) => record('upload', input, job(input.accountId, input.jobId)),
    finalize: (input) => record('finalize', input, job(input.accountId, input.jobId)),
    abort: (input) => record('abort', input, job(input.accountId, input.jobId)),
    addEvents: (input) => record('addEvents', input, [cannedEvent]),
    listEvents: (input) => record('listEvents', input, [cannedEvent, cannedEvent]),
  };
  return { api, calls };
}

/** superagent JSON-serialises a Buffer under a JSON content type; send bytes as they are. */
const raw = (body: unknown): string => body as string;

/** Every Content-Encoding an upload may have, and how to produce it. */
const ENCODINGS: Array<[string, (text: string) => Buffer]> = [
  ['identity', (text) => Buffer.from(text)],
  ['gzip', (text) => zlib.gzipSync(text)],
  ['deflate', (text) => zlib.deflateSync(text)],
  ['br', (text) => zlib.brotliCompressSync(text)],
];

const routes = RouteTable.fromFile(openapiPath);

/** The plain input the handler of `operationId` must build for a captured request. */
function expectedCall(operationId: string, r: Captured, accountId: string): Call {
  const url = new URL(r.url, 'http://x');
  const jobId = /^\/persister\/synchronization\/jobs\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
  const ref = { accountId, jobId };
  // express.json turns an empty body sent with Content-Length: 0 into {}.
  const body = r.body ?? (r.method === 'POST' ? {} : undefined);
  // The CSV importer's bodies reach the service as the text sent, for src/sync to parse.
  const format = r.headers['content-type'] === 'text/csv' ? 'csv' : 'json';
  const upload = (route: 'upload' | 'entities' | 'relationships'): Call => ({
    method: 'upload',
    input: {
      ...ref,
      route,
      body,
      format,
      correlationId: r.headers['jupiterone-correlation-id'],
      ignoreDuplicates: url.searchParams.get('ignoreDuplicates') === 'true',
      ignoreIllegalProperties: url.searchParams.get('ignoreIllegalProperties') === 'true',
    },
  });
  switch (operationId) {
    case 'startSyncJob':
      return { method: 'start', input: { accountId, body } };
    case 'getSyncJob':
      return { method: 'get', input: ref };
    case 'uploadSyncJobData':
      return upload('upload');
    case 'uploadSyncJobEntities':
      return upload('entities');
    case 'uploadSyncJobRelationships':
      return upload('relationships');
    case 'finalizeSyncJob':
      return { method: 'finalize', input: { ...ref, body } };
    case 'abortSyncJob':
      return { method: 'abort', input: { ...ref, body } };
    case 'addSyncJobEvents':
      return { method: 'addEvents', input: { ...ref, body } };
    case 'listSyncJobEvents':
      return { method: 'listEvents', input: ref };
    default:
      throw new Error(`not a sync operation: ${operationId}`);
  }
}

function expectError(res: request.Response, status: number, code: string, message?: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error.code, code, JSON.stringify(res.body));
  if (message !== undefined) assert.equal(res.body.error.message, message);
}

const JOB = '7a5eb83f-03d3-4651-a8fd-ddff9da98757';
const JOBS = '/persister/synchronization/jobs';

describe('sync jobs HTTP edge (real Neo4j for auth, recording service)', () => {
  describe('replays every captured client request', () => {
    for (const { file, requests } of trafficFiles()) {
      it(`${file} (${requests.length} requests)`, async () => {
        const { api, calls } = recordingSyncJobs();
        const app = await testApp({ syncJobs: api });
        const account = await freshAccount();
        for (const r of requests) {
          const where = `${file}#${r.n} ${r.method} ${r.url}`;
          const before = calls.length;
          const res = await replay(app, r, account);

          assert.equal(res.status, 200, `${where}: ${JSON.stringify(res.body)}`);
          const match = routes.match(r.method, new URL(r.url, 'http://x').pathname);
          assert.equal(match.kind, 'found', where);
          const operationId = match.kind === 'found' ? match.operation.operationId : '';
          assert.equal(calls.length, before + 1, `${where}: expected one service call`);
          assert.deepEqual(calls[before], expectedCall(operationId, r, account.accountId), where);

          const jobId = (calls[before]?.input as { jobId?: string }).jobId ?? START_JOB_ID;
          if (operationId.endsWith('Events')) {
            assert.ok(Array.isArray(res.body.events), where);
          } else {
            assert.deepEqual(res.body, { job: cannedJob(account.accountId, jobId) }, where);
          }
        }
      });
    }
  });

  describe('request decoding', () => {
    it('finalize with no body at all, with Content-Length: 0, and with {} all reach the service', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const url = `${JOBS}/${JOB}/finalize`;
      assert.equal((await request(app).post(url).set(a.headers)).status, 200);
      const emptyJson = await request(app)
        .post(url)
        .set(a.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Length', '0')
        .send('');
      assert.equal(emptyJson.status, 200, JSON.stringify(emptyJson.body));
      assert.equal((await request(app).post(url).set(a.headers).send({})).status, 200);
      const bodies = calls.map((c) => (c.input as { body: unknown }).body);
      assert.deepEqual(bodies, [undefined, {}, {}]);
    });

    it('query flags: "true" and "false" become booleans, anything else is 400, absent is false', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const body = { entities: [{ _key: 'k', _type: 't', _class: 'C' }] };
      const url = `${JOBS}/${JOB}/entities`;
      const flagsOf = () => {
        const input = calls.at(-1)!.input as Record<string, unknown>;
        return [input.ignoreDuplicates, input.ignoreIllegalProperties];
      };
      await request(app).post(url).set(a.headers).send(body).expect(200);
      assert.deepEqual(flagsOf(), [false, false]);
      await request(app)
        .post(`${url}?ignoreDuplicates=true&ignoreIllegalProperties=false`)
        .set(a.headers)
        .send(body)
        .expect(200);
      assert.deepEqual(flagsOf(), [true, false]);
      await request(app)
        .post(`${url}?ignoreDuplicates=false&ignoreIllegalProperties=true`)
        .set(a.headers)
        .send(body)
        .expect(200);
      assert.deepEqual(flagsOf(), [false, true]);
      const before = calls.length;
      expectError(
        await request(app).post(`${url}?ignoreDuplicates=yes`).set(a.headers).send(body),
        400,
        'VALIDATION_ERROR',
        "query parameter 'ignoreDuplicates' must be boolean",
      );
      expectError(
        await request(app).post(`${url}?dryRun=true`).set(a.headers).send(body),
        400,
        'VALIDATION_ERROR',
        "query parameter 'dryRun' Unknown query parameter 'dryRun'",
      );
      // The service checks upload bodies itself (x-body-checked-by), but a wrong query parameter
      // next to a body the schema refuses is still the validator's 400.
      expectError(
        await request(app)
          .post(`${url}?ignoreDuplicates=yes`)
          .set(a.headers)
          .send({ entities: [{ _key: 5 }] }),
        400,
        'VALIDATION_ERROR',
        "query parameter 'ignoreDuplicates' must be boolean",
      );
      assert.equal(calls.length, before);
    });

    it('passes JupiterOne-Correlation-Id through, and leaves it undefined when absent', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const body = { relationships: [{ _key: 'r' }] };
      await request(app)
        .post(`${JOBS}/${JOB}/relationships`)
        .set(a.headers)
        .set('jupiterone-correlation-id', 'batch-1')
        .send(body)
        .expect(200);
      await request(app).post(`${JOBS}/${JOB}/upload`).set(a.headers).send(body).expect(200);
      const ids = calls.map((c) => (c.input as { correlationId: unknown }).correlationId);
      assert.deepEqual(ids, ['batch-1', undefined]);
    });

    it('lets through every body whose rejection the service owns (its messages are JupiterOne’s)', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const cases: Array<[string, unknown]> = [
        [JOBS, { source: 'api', syncMode: 'CREATE_OR_UPDATE', scope: null }],
        [JOBS, { source: 'nowhere', syncMode: 'SIDEWAYS', integrationJobId: null, extra: 1 }],
        [JOBS, {}],
        [`${JOBS}/${JOB}/entities`, { entities: [] }],
        [`${JOBS}/${JOB}/entities`, { entities: [{}] }],
        [`${JOBS}/${JOB}/entities`, {}],
        [`${JOBS}/${JOB}/entities`, { entities: [{ _key: 'x'.repeat(8000), _class: 5 }] }],
        [`${JOBS}/${JOB}/entities`, { entities: [{ _key: 'k', _internal: 1, nested: { a: 1 } }] }],
        [`${JOBS}/${JOB}/relationships`, { relationships: [{ tags: ['a', 1] }] }],
        [`${JOBS}/${JOB}/upload`, { entities: null, relationships: [] }],
        [`${JOBS}/${JOB}/upload`, { deleteEntities: [{ _id: 'x' }], deleteRelationships: [] }],
        [`${JOBS}/${JOB}/finalize`, { partialDatasets: { types: ['aws_s3_bucket'] } }],
        [`${JOBS}/${JOB}/abort`, { reason: 'r', terminalStatus: 'FAILED' }],
      ];
      for (const [url, body] of cases) {
        const res = await request(app)
          .post(url)
          .set(a.headers)
          .send(body as object);
        assert.equal(
          res.status,
          200,
          `${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`,
        );
        assert.deepEqual((calls.at(-1)!.input as { body: unknown }).body, body);
      }
      assert.equal(calls.length, cases.length);
    });

    it('a gzip-compressed upload reaches the service decoded', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const body = { entities: [{ _key: 'k', _type: 't', _class: 'C' }] };
      const res = await request(app)
        .post(`${JOBS}/${JOB}/entities`)
        .set(a.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize(raw)
        .send(zlib.gzipSync(JSON.stringify(body)));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual((calls[0]!.input as { body: unknown }).body, body);
    });
    it('JSON, CSV and YAML under every accepted media type and encoding reach the service', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const json = { entities: [{ _key: 'k', _type: 't', _class: 'C' }] };
      const csv = '_key,_type,_class\nk,t,C\n';
      const yaml = 'entities:\n  - { _key: k, _type: t, _class: C }\n';
      const cases: Array<[string, string, string, unknown]> = [
        ['application/json', 'json', JSON.stringify(json), json],
        ['application/json; charset=utf-8', 'json', JSON.stringify(json), json],
        ['text/csv', 'csv', csv, csv],
        ['text/csv; charset=utf-8; header=present', 'csv', csv, csv],
        ['application/yaml', 'yaml', yaml, yaml],
        ['text/yaml', 'yaml', yaml, yaml],
        ['application/x-yaml', 'yaml', yaml, yaml],
      ];
      let sent = 0;
      for (const [type, format, text, body] of cases) {
        for (const [encoding, encode] of ENCODINGS) {
          for (const route of ['upload', 'entities', 'relationships']) {
            const where = `${type} ${encoding} /${route}`;
            const res = await request(app)
              .post(`${JOBS}/${JOB}/${route}`)
              .set(a.headers)
              .set('Content-Type', type)
              .set(encoding === 'identity' ? {} : { 'Content-Encoding': encoding })
              .serialize(raw)
              .send(encode(text));
            assert.equal(res.status, 200, `${where}: ${res.text}`);
            sent++;
            const input = calls.at(-1)!.input as { body: unknown; format: unknown; route: unknown };
            assert.equal(calls.length, sent, where);
            assert.deepEqual([input.body, input.format, input.route], [body, format, route], where);
          }
        }
      }
    });
  });

  describe('errors at the edge', () => {
    it('415 on every upload route names the accepted media types; other operations name theirs', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const accepted =
        'application/json, text/csv, application/yaml, text/yaml, application/x-yaml';
      for (const route of ['upload', 'entities', 'relationships']) {
        for (const type of ['text/plain', 'application/xml', 'application/vnd.api+json']) {
          expectError(
            await request(app)
              .post(`${JOBS}/${JOB}/${route}`)
              .set(a.headers)
              .set('Content-Type', `${type}; charset=utf-8`)
              .send('_key\nk\n'),
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `Unsupported Content-Type: ${type} (accepted: ${accepted})`,
          );
        }
      }
      expectError(
        await request(app)
          .post(`${JOBS}/${JOB}/finalize`)
          .set(a.headers)
          .set('Content-Type', 'text/csv')
          .send('a\n1\n'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Unsupported Content-Type: text/csv (accepted: application/json)',
      );
      assert.equal(calls.length, 0);
    });

    it('400 BAD_REQUEST for a body that does not decompress, in every format and encoding', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const csv = '_key,_type,_class\nk,t,C\n';
      for (const type of ['application/json', 'text/csv', 'application/yaml']) {
        for (const [encoding, encode] of ENCODINGS.filter(([e]) => e !== 'identity')) {
          const where = `${type} ${encoding}`;
          const whole = encode(csv);
          // Not compressed at all, and compressed but cut short.
          for (const bytes of [Buffer.from(csv), whole.subarray(0, whole.length - 4)]) {
            const res = await request(app)
              .post(`${JOBS}/${JOB}/upload`)
              .set(a.headers)
              .set('Content-Type', type)
              .set('Content-Encoding', encoding)
              .serialize(raw)
              .send(bytes);
            expectError(res, 400, 'BAD_REQUEST');
            assert.match(
              res.body.error.message,
              /^Request body could not be decompressed: /,
              where,
            );
          }
        }
      }
      expectError(
        await request(app)
          .post(`${JOBS}/${JOB}/entities`)
          .set(a.headers)
          .set('Content-Type', 'text/csv')
          .set('Content-Encoding', 'compress')
          .send(csv),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        "Unsupported Content-Encoding 'compress'",
      );
      assert.equal(calls.length, 0);
    });

    it('413 for CSV and YAML bodies over the limit, also after inflating', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api, maxBodySize: '1kb' });
      const a = await freshAccount();
      const csv = `_key,_type,_class,pad\nk,t,C,${'y'.repeat(5000)}\n`;
      const yaml = `entities:\n  - { _key: k, _type: t, _class: C, pad: ${'y'.repeat(5000)} }\n`;
      for (const [type, text] of [
        ['text/csv', csv],
        ['application/yaml', yaml],
      ] as const) {
        for (const [encoding, encode] of ENCODINGS) {
          const bytes = encode(text);
          if (encoding !== 'identity') assert.ok(bytes.length < 1024);
          const res = await request(app)
            .post(`${JOBS}/${JOB}/upload`)
            .set(a.headers)
            .set('Content-Type', type)
            .set(encoding === 'identity' ? {} : { 'Content-Encoding': encoding })
            .serialize(raw)
            .send(bytes);
          expectError(
            res,
            413,
            'RequestEntityTooLargeException',
            'Request body is larger than the limit of 1024 bytes',
          );
        }
      }
      assert.equal(calls.length, 0);
    });

    it('413 RequestEntityTooLargeException for a body over the limit, also after inflating', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api, maxBodySize: '1kb' });
      const a = await freshAccount();
      const big = { entities: [{ _key: 'k', _type: 't', _class: 'C', pad: 'y'.repeat(5000) }] };
      const expected = {
        error: {
          code: 'RequestEntityTooLargeException',
          message: 'Request body is larger than the limit of 1024 bytes',
        },
      };
      const plain = await request(app).post(`${JOBS}/${JOB}/entities`).set(a.headers).send(big);
      assert.equal(plain.status, 413);
      assert.deepEqual(plain.body, expected);
      const gzipped = zlib.gzipSync(JSON.stringify(big));
      assert.ok(gzipped.length < 1024);
      const inflated = await request(app)
        .post(`${JOBS}/${JOB}/upload`)
        .set(a.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize(raw)
        .send(gzipped);
      assert.equal(inflated.status, 413);
      assert.deepEqual(inflated.body, expected);
      assert.equal(calls.length, 0);
    });

    it('400 INVALID_JSON for malformed JSON', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      const res = await request(app)
        .post(`${JOBS}/${JOB}/entities`)
        .set(a.headers)
        .set('Content-Type', 'application/json')
        .send('{"entities": [');
      expectError(res, 400, 'INVALID_JSON');
      assert.match(res.body.error.message, /^Malformed JSON in request body: /);
      assert.equal(calls.length, 0);
    });

    it('404 for a path below a job that is no operation; any job id reaches the service', async () => {
      const { api, calls } = recordingSyncJobs();
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      expectError(
        await request(app).get(`${JOBS}/x/y`).set(a.headers),
        404,
        'NOT_FOUND',
        `No route for GET ${JOBS}/x/y`,
      );
      expectError(await request(app).post(`${JOBS}/x/y`).set(a.headers).send({}), 404, 'NOT_FOUND');
      assert.equal(calls.length, 0);
      // Not a UUID: the validator lets it through and the service decides (404 for an unknown job).
      await request(app).get(`${JOBS}/not-a-uuid`).set(a.headers).expect(200);
      assert.deepEqual(calls, [
        { method: 'get', input: { accountId: a.accountId, jobId: 'not-a-uuid' } },
      ]);
    });

    it("renders the service's errors with their status and code, untouched", async () => {
      const failing: SyncJobApi = {
        ...recordingSyncJobs().api,
        get: () => Promise.reject(new NotFoundError(`Sync job '${JOB}' not found`)),
        upload: () =>
          Promise.reject(
            new AppError(
              'JOB_NOT_AWAITING_UPLOADS',
              `Job ${JOB} is FINISHED, not AWAITING_UPLOADS`,
            ),
          ),
      };
      const app = await testApp({ syncJobs: failing });
      const a = await freshAccount();
      expectError(
        await request(app).get(`${JOBS}/${JOB}`).set(a.headers),
        404,
        'NOT_FOUND',
        `Sync job '${JOB}' not found`,
      );
      expectError(
        await request(app)
          .post(`${JOBS}/${JOB}/entities`)
          .set(a.headers)
          .send({ entities: [{}] }),
        409,
        'JOB_NOT_AWAITING_UPLOADS',
        `Job ${JOB} is FINISHED, not AWAITING_UPLOADS`,
      );
    });

    it('response validation rejects a job that drifts from the schema (500)', async () => {
      const { api } = recordingSyncJobs((accountId, id) => ({
        ...cannedJob(accountId, id),
        surprise: true,
      }));
      const app = await testApp({ syncJobs: api });
      const a = await freshAccount();
      expectError(await request(app).get(`${JOBS}/${JOB}`).set(a.headers), 500, 'INTERNAL_ERROR');
    });
  });
});
