import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';
import type { JobEvent } from '../../../src/sync/jobs/job-service-contract';
import type { JobObjectError, SyncJob } from '../../../src/sync/jobs/job-types';
import { UPLOAD_MEDIA_TYPES } from '../../../src/sync/intake/upload-formats';
import { CLIENT_TRAFFIC_DIR } from '../../helpers/client-traffic';
import { ZERO_COUNTERS } from '../../helpers/job-counters';

/** Captured traffic of the public JupiterOne clients (see its README.md). */
const TRAFFIC_DIR = CLIENT_TRAFFIC_DIR;
const SYNC_PREFIX = '/persister/synchronization/jobs';

const SYNC_OPERATIONS = [
  'startSyncJob',
  'getSyncJob',
  'uploadSyncJobData',
  'uploadSyncJobEntities',
  'uploadSyncJobRelationships',
  'finalizeSyncJob',
  'abortSyncJob',
  'addSyncJobEvents',
  'listSyncJobEvents',
  'getSyncJobUploadUrl',
  'listSyncJobs',
  'streamSyncJobProgress',
  'previewSyncJobFinalize',
];

/**
 * Operations that no captured client calls (issue 24 added the listing and progress stream,
 * issue 25 the finalize preview).
 */
const UNCALLED = [
  'listSyncJobEvents',
  'getSyncJobUploadUrl',
  'listSyncJobs',
  'streamSyncJobProgress',
  'previewSyncJobFinalize',
];

/** The operation each captured request must reach, written out independently of openapi.yaml. */
const EXPECTED: Array<[method: string, path: RegExp, operationId: string]> = [
  ['POST', /^\/persister\/synchronization\/jobs$/, 'startSyncJob'],
  ['GET', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}$/, 'getSyncJob'],
  ['POST', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/upload$/, 'uploadSyncJobData'],
  [
    'POST',
    /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/entities$/,
    'uploadSyncJobEntities',
  ],
  [
    'POST',
    /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/relationships$/,
    'uploadSyncJobRelationships',
  ],
  ['POST', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/finalize$/, 'finalizeSyncJob'],
  ['POST', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/abort$/, 'abortSyncJob'],
  ['POST', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/events$/, 'addSyncJobEvents'],
  ['GET', /^\/persister\/synchronization\/jobs\/[0-9a-f-]{36}\/events$/, 'listSyncJobEvents'],
];

interface Captured {
  file: string;
  n: number;
  method: string;
  path: string;
}

function capturedSyncRequests(): Captured[] {
  const files = fs.readdirSync(TRAFFIC_DIR).filter((f) => f.endsWith('.jsonl'));
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(TRAFFIC_DIR, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { n: number; method: string; url: string })
      .map((r) => ({ file, n: r.n, method: r.method, path: new URL(r.url, 'http://x').pathname }))
      .filter((r) => r.path.startsWith(SYNC_PREFIX)),
  );
}

type Schema = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
interface SpecOperation {
  operationId?: string;
  'x-body-checked-by'?: string;
  tags?: string[];
  parameters?: Schema[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Schema>;
}
interface Spec {
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, SpecOperation> & { parameters?: Schema[] }>;
  components: { schemas: Record<string, Schema> };
}

const spec = parse(fs.readFileSync(openapiPath, 'utf8')) as Spec;

/** Follows a local $ref ('#/components/...') to what it names. */
function deref(node: Schema): Schema {
  if (node.$ref === undefined) return node;
  const target = node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], spec);
  return deref(target as Schema);
}

function syncOperations(): Array<{ method: string; path: string; op: SpecOperation }> {
  return (
    Object.entries(spec.paths)
      .filter(([p]) => p.startsWith(SYNC_PREFIX))
      .flatMap(([p, item]) =>
        Object.entries(item)
          .filter(([method]) => method !== 'parameters')
          .map(([method, op]) => ({ method, path: p, op: op as SpecOperation })),
      )
      // What a job changed is the change history's (tag `history`, decision 0045), not the job's.
      .filter(({ op }) => op.operationId !== 'listSyncJobChanges')
  );
}

/** Keys of T that may be absent: these must be the schema's non-required properties. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** Fails to compile when SyncJob gains, loses or renames a field. */
const FULL_JOB: Required<SyncJob> = {
  id: '7a5eb83f-03d3-4651-a8fd-ddff9da98757',
  accountId: 'local',
  source: 'api',
  scope: 's',
  syncMode: 'DIFF',
  status: 'FINISHED',
  done: true,
  startTimestamp: 1,
  endTimestamp: 2,
  integrationInstanceId: 'i',
  integrationJobId: 'j',
  ignoreDuplicates: false,
  error: 'e',
  abortReason: 'r',
  terminalStatus: 'ABORTED_DUE_TO_INVALID_CONFIGURATION',
  partialDatasetTypes: ['t'],
  errors: [{ kind: 'entity', key: null, message: 'm' }],
  bulkFile: { size: 1, uploadedAt: 1, contentType: 'application/json' },
  phase: 'entities',
  percent: 50,
  deleteGuardPercent: 20,
  deleteGuard: {
    state: 'stopped',
    percent: 20,
    entities: { live: 10, deletes: 5 },
    relationships: { live: 0, deletes: 0 },
  },
  ...ZERO_COUNTERS,
};
const OPTIONAL_JOB_FIELDS = [
  'scope',
  'endTimestamp',
  'integrationInstanceId',
  'integrationJobId',
  'error',
  'abortReason',
  'terminalStatus',
  'partialDatasetTypes',
  'errors',
  'bulkFile',
  'phase',
  'percent',
  'deleteGuardPercent',
  'deleteGuard',
] as const satisfies ReadonlyArray<OptionalKeys<SyncJob>>;
// ...and every optional field is listed.
const allOptionalListed: [
  Exclude<OptionalKeys<SyncJob>, (typeof OPTIONAL_JOB_FIELDS)[number]>,
] extends [never]
  ? true
  : false = true;

const FULL_EVENT: Required<JobEvent> = { id: 'e', createDate: 1, name: 'n', description: 'd' };
const FULL_OBJECT_ERROR: Required<JobObjectError> = { kind: 'entity', key: 'k', message: 'm' };

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();

describe('openapi.yaml: sync jobs', () => {
  it('routes every captured client request under /persister/synchronization/jobs to its operation', () => {
    const routes = RouteTable.fromFile(openapiPath);
    const captured = capturedSyncRequests();
    assert.ok(captured.length >= 60, `only ${captured.length} captured requests found`);
    const seen = new Set<string>();
    for (const req of captured) {
      const where = `${req.file}#${req.n} ${req.method} ${req.path}`;
      const expected = EXPECTED.find(([m, re]) => m === req.method && re.test(req.path));
      assert.ok(expected, `${where}: no expectation for this request`);
      const match = routes.match(req.method, req.path);
      assert.equal(match.kind, 'found', where);
      assert.equal(match.kind === 'found' && match.operation.operationId, expected[2], where);
      assert.equal(match.kind === 'found' && match.operation.access, 'account', where);
      seen.add(expected[2]);
    }
    // The traffic exercises every operation but four: no client lists a job's events or the
    // jobs, asks for a bulk upload URL or follows the progress stream.
    assert.deepEqual(sorted(seen), sorted(SYNC_OPERATIONS.filter((id) => !UNCALLED.includes(id))));
  });

  it('has exactly the sync operations, each tagged, with an operationId and documented errors', () => {
    assert.ok(spec.tags.some((t) => t.name === 'sync-jobs'));
    const ops = syncOperations();
    assert.deepEqual(sorted(ops.map((o) => o.op.operationId ?? '')), sorted(SYNC_OPERATIONS));
    for (const { method, path: p, op } of ops) {
      const where = `${method.toUpperCase()} ${p}`;
      assert.deepEqual(op.tags, ['sync-jobs'], where);
      // A listing has no one job to miss: no 404.
      const statuses = ['200', '400', '401', '403', '404', '500', '503'].filter(
        (s) => s !== '404' || op.operationId !== 'listSyncJobs',
      );
      for (const status of statuses) {
        assert.ok(op.responses[status], `${where} does not document ${status}`);
      }
      for (const status of Object.keys(op.responses).filter((s) => s !== '200')) {
        const body = deref(op.responses[status]!) as {
          content?: Record<string, { schema: Schema }>;
        };
        assert.equal(
          body.content?.['application/json']?.schema.$ref,
          '#/components/schemas/ErrorResponse',
          `${where} ${status}`,
        );
      }
      if (op.requestBody !== undefined) {
        assert.ok(op.responses['413'] && op.responses['415'], `${where} takes a body`);
      }
    }
  });

  it('answers 200 with { job } everywhere but events ({ events }), the upload URL, the listing, the progress stream and the preview', () => {
    for (const { method, path: p, op } of syncOperations()) {
      const ok = deref(op.responses['200']!) as {
        content: Record<string, { schema: Schema }>;
      };
      if (op.operationId === 'streamSyncJobProgress') {
        assert.deepEqual(Object.keys(ok.content), ['text/event-stream']);
        continue;
      }
      const schema = deref(ok.content['application/json']!.schema);
      const [expected, required] = p.endsWith('/events')
        ? [['events'], ['events']]
        : p.endsWith('/uploadUrl')
          ? [
              ['uploadUrl', 'expiresAt'],
              ['uploadUrl', 'expiresAt'],
            ]
          : op.operationId === 'listSyncJobs'
            ? [['jobs', 'cursor'], ['jobs']]
            : op.operationId === 'previewSyncJobFinalize'
              ? [['preview'], ['preview']]
              : [['job'], ['job']];
      assert.deepEqual(Object.keys(schema.properties ?? {}), expected, `${method} ${p}`);
      assert.deepEqual(schema.required, required, `${method} ${p}`);
    }
  });

  it('409 JOB_NOT_AWAITING_UPLOADS is documented on uploads, finalize and abort; uploads add CORRELATION_ID_REUSED', () => {
    for (const { path: p, op } of syncOperations()) {
      if (/\/(upload|entities|relationships)$/.test(p)) {
        assert.equal(op.responses['409']?.$ref, '#/components/responses/UploadConflict', p);
      } else if (/\/(finalize|abort)$/.test(p)) {
        assert.equal(op.responses['409']?.$ref, '#/components/responses/JobNotAwaitingUploads', p);
      }
    }
    const conflict = JSON.stringify(deref({ $ref: '#/components/responses/UploadConflict' }));
    for (const code of ['JOB_NOT_AWAITING_UPLOADS', 'CORRELATION_ID_REUSED']) {
      assert.ok(conflict.includes(code), code);
    }
  });

  it('upload operations take the two boolean query flags and the correlation id header', () => {
    for (const { path: p, op } of syncOperations()) {
      if (!/\/(upload|entities|relationships)$/.test(p)) continue;
      const params = (op.parameters ?? []).map(deref);
      const byName = new Map(params.map((x) => [x.name as string, x]));
      for (const flag of ['ignoreDuplicates', 'ignoreIllegalProperties']) {
        assert.equal(byName.get(flag)?.in, 'query', `${p} ${flag}`);
        assert.deepEqual((byName.get(flag)?.schema as Schema).type, 'boolean');
      }
      assert.equal(byName.get('JupiterOne-Correlation-Id')?.in, 'header', p);
      assert.equal(byName.get('JupiterOne-Correlation-Id')?.required, false, p);
    }
  });

  it('jobId is any string (an unknown id is a 404 from the service, not a 400)', () => {
    const jobId = deref({ $ref: '#/components/parameters/JobId' });
    assert.deepEqual(Object.keys(jobId.schema as Schema).sort(), ['example', 'type']);
  });

  it('finalize, its preview and abort take no body at all; the other POSTs need one, but the upload URL none', () => {
    for (const { method, path: p, op } of syncOperations()) {
      if (method !== 'post') continue;
      if (p.endsWith('/uploadUrl')) {
        assert.equal(op.requestBody, undefined, p);
        continue;
      }
      // The preview takes the finalize's body.
      const optional = /\/(finalize|finalize\/preview|abort)$/.test(p);
      assert.equal(op.requestBody?.required, !optional, p);
      // Uploads take every format of src/sync/intake/upload-formats.ts; the rest JSON only.
      const upload = /\/(upload|entities|relationships)$/.test(p);
      const types = upload ? Object.values(UPLOAD_MEDIA_TYPES).flat() : ['application/json'];
      assert.deepEqual(Object.keys(op.requestBody?.content ?? {}), types, p);
      if (!upload) continue;
      for (const [type, schema] of [
        ['text/csv', 'SyncJobUploadCsv'],
        ['application/yaml', 'SyncJobUploadYaml'],
        ['text/yaml', 'SyncJobUploadYaml'],
        ['application/x-yaml', 'SyncJobUploadYaml'],
      ]) {
        const ref = `#/components/schemas/${schema}`;
        assert.equal(op.requestBody?.content[type!]?.schema.$ref, ref, `${p} ${type}`);
        assert.equal(deref({ $ref: ref }).type, 'string', ref);
      }
    }
  });

  it('upload bodies are typed for clients and checked by the service (its messages are JupiterOne’s)', () => {
    // The upload operations say so: express-openapi-validator's body errors give way to the
    // service's checks there (src/http/service-checked-bodies.ts).
    for (const [p, item] of Object.entries(spec.paths)) {
      if (!/\/jobs\/\{jobId\}\/(upload|entities|relationships)$/.test(p)) continue;
      assert.equal(item.post?.['x-body-checked-by'], 'service', p);
    }
    const s = spec.components.schemas;
    for (const name of [
      'SyncJobUploadRequest',
      'SyncJobEntitiesRequest',
      'SyncJobRelationshipsRequest',
    ]) {
      const body = s[name]!;
      assert.equal(body.type, 'object', name);
      assert.equal(body.required, undefined, name);
      assert.notEqual(body.additionalProperties, false, name);
      for (const [prop, list] of Object.entries(body.properties ?? {})) {
        if (list.type !== 'array') continue;
        assert.equal(list.minItems, undefined, `${name}.${prop}`);
        assert.equal(list.maxItems, undefined, `${name}.${prop}`);
      }
    }
    for (const name of ['UploadedEntity', 'UploadedRelationship']) {
      const item = s[name]!;
      assert.equal(item.type, 'object', name);
      assert.equal(item.additionalProperties, true, name);
      assert.equal(item.required, undefined, name);
      // Every field is typed (a generated client's models need it) and documented; which are
      // required depends on the job's mode, so none is required here.
      for (const [prop, field] of Object.entries(item.properties ?? {})) {
        // (`_rawData` is typed by if/then/else: the array form or the object form.)
        assert.ok(
          ['type', '$ref', 'oneOf', 'if'].some((k) => k in field),
          `${name}.${prop} has no type`,
        );
        assert.equal(typeof field.description, 'string', `${name}.${prop}`);
      }
    }
    const start = s.StartSyncJobRequest!;
    assert.equal(start.required, undefined);
    for (const [prop, field] of Object.entries(start.properties ?? {})) {
      // Clients send null for unset fields: each field takes null (OpenAPI 3.1: a type list).
      assert.ok(
        Array.isArray(field.type) && field.type.includes('null'),
        `StartSyncJobRequest.${prop}`,
      );
      assert.equal(field.enum, undefined, `StartSyncJobRequest.${prop}`);
    }
    assert.deepEqual(sorted(Object.keys(start.properties ?? {})), [
      'deleteGuardPercent',
      'ignoreDuplicates',
      'integrationInstanceId',
      'integrationJobId',
      'scope',
      'source',
      'syncMode',
    ]);
  });

  it('SyncJob has exactly the fields of the SyncJob type, optional ones not required', () => {
    assert.ok(allOptionalListed);
    const schema = spec.components.schemas.SyncJob!;
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(sorted(Object.keys(schema.properties ?? {})), sorted(Object.keys(FULL_JOB)));
    const optional: readonly string[] = OPTIONAL_JOB_FIELDS;
    assert.deepEqual(
      sorted(schema.required ?? []),
      sorted(Object.keys(FULL_JOB).filter((k) => !optional.includes(k))),
    );
    for (const key of Object.keys(FULL_JOB).filter((k) => k.startsWith('num'))) {
      assert.equal(schema.properties?.[key]?.type, 'integer', key);
    }
    assert.equal(deref(schema.properties!.errors!.items!), spec.components.schemas.JobObjectError);
  });

  it('JobEvent and JobObjectError have exactly the fields of their types', () => {
    for (const [name, full] of [
      ['JobEvent', FULL_EVENT],
      ['JobObjectError', FULL_OBJECT_ERROR],
    ] as const) {
      const schema = spec.components.schemas[name]!;
      assert.equal(schema.additionalProperties, false, name);
      assert.deepEqual(sorted(Object.keys(schema.properties ?? {})), sorted(Object.keys(full)));
      assert.deepEqual(sorted(schema.required ?? []), sorted(Object.keys(full)), name);
    }
  });
});
