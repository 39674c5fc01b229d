// The typescript-fetch package that the generated-clients test generates from openapi.yaml exists
// only in the cache, so the repository's own type check sees scenario.ts against this loose
// stand-in (the names scenario.ts imports, every value `any`). The test compiles scenario.ts with
// tsc --strict against the generated package itself, which is the check that counts.
declare module '@graphsync/client' {
  type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  type Operation = (parameters: Loose) => Promise<Loose>;
  export class Configuration {
    constructor(parameters: Loose);
  }
  export class ResponseError extends Error {
    response: Response;
  }
  export class SyncJobsApi {
    constructor(configuration: Configuration);
    startSyncJob: Operation;
    uploadSyncJobEntities: Operation;
    uploadSyncJobRelationships: Operation;
    finalizeSyncJob: Operation;
    getSyncJob: Operation;
  }
  export class QueryApi {
    constructor(configuration: Configuration);
    runQuery: Operation;
  }
  export class RulesApi {
    constructor(configuration: Configuration);
    createRule: Operation;
    evaluateRule: Operation;
  }
  export function ErrorResponseFromJSON(json: unknown): Loose;
  export type ActionOutcome = Loose;
  export type EvaluationRecordQueriesInner = Loose;
  export type QueryResponse = Loose;
  export type UploadedEntity = Loose;
  export type UploadedRelationship = Loose;
  export type Vertex = Loose;
}
