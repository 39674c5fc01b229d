/**
 * The client scenario (see generated-clients.test.ts) written with the typescript-fetch client that
 * openapi-generator makes from openapi.yaml, as a user of that package writes it. The test copies
 * this file next to the generated package (linked as node_modules/@graphsync/client), compiles it
 * with `tsc --strict` and runs it with node. In the repository's own type check the package is the
 * stub beside this file (graphsync-client.d.ts).
 *
 * Reads GRAPHSYNC_URL, GRAPHSYNC_ACCOUNT, GRAPHSYNC_API_KEY and GRAPHSYNC_SCOPE; prints one JSON
 * object, a result or `{ "error": ... }` per step, that the test compares with the expected one.
 */
import {
  type ActionOutcome,
  Configuration,
  ErrorResponseFromJSON,
  type EvaluationRecordQueriesInner,
  QueryApi,
  type QueryResponse,
  ResponseError,
  RulesApi,
  SyncJobsApi,
  type UploadedEntity,
  type UploadedRelationship,
  type Vertex,
} from '@graphsync/client';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};

const scope = env('GRAPHSYNC_SCOPE');
const config = new Configuration({
  basePath: env('GRAPHSYNC_URL'),
  accessToken: env('GRAPHSYNC_API_KEY'),
  apiKey: env('GRAPHSYNC_ACCOUNT'),
});
const syncJobs = new SyncJobsApi(config);
const query = new QueryApi(config);
const rules = new RulesApi(config);

const entities: UploadedEntity[] = [
  {
    _key: 'gc-host-1',
    _type: 'gc_host',
    _class: 'Host',
    displayName: 'host-1',
    port: 443,
    public: true,
    tags: ['prod', 'web'],
  },
  {
    _key: 'gc-host-2',
    _type: 'gc_host',
    _class: 'Host',
    displayName: 'host-2',
    port: 22,
    public: false,
    tags: ['dev'],
  },
  { _key: 'gc-app-1', _type: 'gc_app', _class: ['Application', 'Service'], displayName: 'app-1' },
];
const relationships: UploadedRelationship[] = ['gc-host-1', 'gc-host-2'].map((host) => ({
  _key: `${host}|runs|gc-app-1`,
  _type: 'gc_host_runs_app',
  _class: 'RUNS',
  _fromEntityKey: host,
  _toEntityKey: 'gc-app-1',
}));

const results: Record<string, unknown> = {};

/** Runs one step, keeping its result or what went wrong (an HTTP error with its body). */
async function step(name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    results[name] = await run();
  } catch (err) {
    if (err instanceof ResponseError) {
      const body = await err.response.text();
      results[name] = { error: `HTTP ${err.response.status}: ${body}` };
    } else {
      results[name] = { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
    }
  }
}

/** A list result's rows as the client typed them. */
function vertices(response: QueryResponse): Vertex[] {
  if (!Array.isArray(response.data))
    throw new Error(`data is not an array: ${JSON.stringify(response.data)}`);
  return response.data as Vertex[];
}

async function main(): Promise<void> {
  let jobId = '';
  await step('start', async () => {
    const { job } = await syncJobs.startSyncJob({
      startSyncJobRequest: { source: 'api', scope, syncMode: 'DIFF' },
    });
    jobId = job.id;
    return {
      status: job.status,
      source: job.source,
      scope: job.scope,
      syncMode: job.syncMode,
      done: job.done,
    };
  });
  await step('entities', async () => {
    const { job } = await syncJobs.uploadSyncJobEntities({
      jobId,
      syncJobEntitiesRequest: { entities },
    });
    return { numEntitiesUploaded: job.numEntitiesUploaded };
  });
  await step('relationships', async () => {
    const { job } = await syncJobs.uploadSyncJobRelationships({
      jobId,
      syncJobRelationshipsRequest: { relationships },
    });
    return { numRelationshipsUploaded: job.numRelationshipsUploaded };
  });
  await step('finalize', async () => {
    const { job } = await syncJobs.finalizeSyncJob({ jobId });
    return { status: job.status, done: job.done };
  });
  await step('job', async () => {
    const { job } = await syncJobs.getSyncJob({ jobId });
    return {
      status: job.status,
      done: job.done,
      numEntitiesUploaded: job.numEntitiesUploaded,
      numEntitiesCreated: job.numEntitiesCreated,
      numRelationshipsUploaded: job.numRelationshipsUploaded,
      numRelationshipsCreated: job.numRelationshipsCreated,
    };
  });
  await step('listQuery', async () => {
    const response = await query.runQuery({
      queryRequest: { query: 'FIND gc_host AS h ORDER BY h.displayName' },
    });
    return {
      type: response.type,
      totalCount: response.totalCount,
      entities: vertices(response).map((v) => ({
        _key: v.entity._key,
        _type: v.entity._type,
        _class: v.entity._class,
        displayName: v.entity.displayName,
        port: v.properties.port,
        public: v.properties.public,
        tags: v.properties.tags,
      })),
    };
  });
  await step('tableQuery', async () => {
    const rows: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let response: QueryResponse;
    do {
      response = await query.runQuery({
        queryRequest: {
          query:
            'FIND gc_host AS h THAT RUNS gc_app AS a RETURN h.displayName, h.port, a.displayName ORDER BY h.displayName',
          limit: 1,
          cursor,
        },
      });
      pages += 1;
      if (!Array.isArray(response.data))
        throw new Error(`data is not an array: ${JSON.stringify(response.data)}`);
      rows.push(...(response.data as Record<string, unknown>[]));
      cursor = response.cursor;
    } while (cursor !== undefined && pages < 10);
    return { type: response.type, totalCount: response.totalCount, pages, rows };
  });
  let ruleId = '';
  await step('createRule', async () => {
    const { rule } = await rules.createRule({
      ruleRequest: {
        name: 'gc-hosts',
        pollingInterval: 'DISABLED',
        question: { queries: [{ name: 'hosts', query: 'FIND gc_host' }] },
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.hosts.total > 0}}' },
            actions: [
              { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
              { type: 'CREATE_ALERT' },
            ],
          },
        ],
      },
    });
    ruleId = rule.id;
    const question = rule.question as { queries: { name: string }[] };
    return {
      name: rule.name,
      version: rule.version,
      state: rule.state,
      pollingInterval: rule.pollingInterval as unknown,
      queryNames: question.queries.map((q) => q.name),
    };
  });
  await step('evaluateRule', async () => {
    const { evaluation } = await rules.evaluateRule({ ruleId });
    return {
      status: evaluation.status,
      trigger: evaluation.trigger,
      queries: evaluation.queries.map((q: EvaluationRecordQueriesInner) => ({
        name: q.name,
        total: q.total,
        type: q.type,
      })),
      conditionResult: evaluation.operations[0]?.conditionResult,
      actions: evaluation.operations[0]?.actions.map((a: ActionOutcome) => [a.type, a.status]),
      alert: evaluation.alert?.change,
    };
  });
  await step('error', async () => {
    const { job } = await syncJobs.startSyncJob({
      startSyncJobRequest: { source: 'api', scope: `${scope}-rejected` },
    });
    try {
      await syncJobs.uploadSyncJobEntities({
        jobId: job.id,
        syncJobEntitiesRequest: { entities: [{ _type: 'gc_host', _class: 'Host' }] },
      });
      return { status: 200 };
    } catch (err) {
      if (!(err instanceof ResponseError)) throw err;
      const { error } = ErrorResponseFromJSON(await err.response.json());
      return { status: err.response.status, code: error.code, message: error.message };
    }
  });
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
