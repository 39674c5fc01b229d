import type { Request, Response } from 'express';
import type {
  BulkUploadApi,
  FinalizeRequest,
  JobRef,
  SyncJobApi,
  UploadRequest,
} from '../../sync/jobs/job-service-contract';
import { formatOf } from '../../sync/intake/upload-formats';
import { authOf } from '../auth';
import { type Handler, type HandlerMap, pathParam } from '../handler-map';

/**
 * The sync job operations (JupiterOne's /persister/synchronization/jobs). Bodies go to the service
 * as parsed JSON (openapi.yaml checks only their outline), upload bodies in CSV or YAML as text:
 * every rule and its exact message lives in src/sync. Every operation answers 200, never 201 (a
 * real client treats any other 2xx as an error).
 */
export function syncHandlers(deps: {
  syncJobs: SyncJobApi;
  bulkUploads: BulkUploadApi;
}): HandlerMap {
  const { syncJobs, bulkUploads } = deps;
  return {
    startSyncJob: async (req: Request, res: Response) => {
      const job = await syncJobs.start({ accountId: authOf(res).accountId, body: req.body });
      res.status(200).json({ job });
    },
    listSyncJobs: async (req: Request, res: Response) => {
      // openapi.yaml has checked each filter's form, `limit` and the statuses; the service
      // checks them again (with its messages) and the cursor and `startedSince`.
      const query = req.query as Record<string, string | string[] | undefined>;
      const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
      const status = query.status;
      res.status(200).json(
        await syncJobs.list({
          accountId: authOf(res).accountId,
          status: status === undefined ? undefined : Array.isArray(status) ? status : [status],
          scope: text('scope'),
          source: text('source'),
          integrationInstanceId: text('integrationInstanceId'),
          startedSince: text('startedSince'),
          limit: query.limit === undefined ? undefined : Number(query.limit),
          cursor: text('cursor'),
        }),
      );
    },
    getSyncJob: async (req: Request, res: Response) => {
      res.status(200).json({ job: await syncJobs.get(jobRef(req, res)) });
    },
    uploadSyncJobData: uploadHandler(syncJobs, 'upload'),
    uploadSyncJobEntities: uploadHandler(syncJobs, 'entities'),
    uploadSyncJobRelationships: uploadHandler(syncJobs, 'relationships'),
    finalizeSyncJob: finalizeHandler(syncJobs),
    abortSyncJob: async (req: Request, res: Response) => {
      const job = await syncJobs.abort({ ...jobRef(req, res), body: req.body });
      res.status(200).json({ job });
    },
    addSyncJobEvents: async (req: Request, res: Response) => {
      const events = await syncJobs.addEvents({ ...jobRef(req, res), body: req.body });
      res.status(200).json({ events });
    },
    listSyncJobEvents: async (req: Request, res: Response) => {
      res.status(200).json({ events: await syncJobs.listEvents(jobRef(req, res)) });
    },
    getSyncJobUploadUrl: async (req: Request, res: Response) => {
      res.status(200).json(await bulkUploads.issueUrl(jobRef(req, res)));
    },
    // Public: the signed URL is the credential. The body is streamed, not parsed (build-app.ts).
    putSyncJobBulkFile: bulkFileHandler(bulkUploads),
  };
}

/** An upload of data to a job through one of its three routes (the body as sent, in its format). */
function uploadHandler(syncJobs: SyncJobApi, route: UploadRequest['route']): Handler {
  return async (req: Request, res: Response) => {
    const job = await syncJobs.upload({
      ...jobRef(req, res),
      route,
      body: req.body,
      // openapi.yaml lists each operation's media types, so the validator let through only those.
      format: formatOf(req.get('Content-Type')) ?? 'json',
      correlationId: req.get('JupiterOne-Correlation-Id'),
      ignoreDuplicates: queryFlag(req, 'ignoreDuplicates'),
      ignoreIllegalProperties: queryFlag(req, 'ignoreIllegalProperties'),
    });
    res.status(200).json({ job });
  };
}

/** The bulk file PUT to a job's signed URL: the URL's query and the request's headers and body. */
function bulkFileHandler(bulkUploads: BulkUploadApi): Handler {
  return async (req: Request, res: Response) => {
    const bulkFile = await bulkUploads.receive({
      jobId: pathParam(req, 'jobId'),
      accountId: queryText(req, 'accountId'),
      expiresAt: queryText(req, 'expiresAt'),
      signature: queryText(req, 'signature'),
      contentType: req.get('Content-Type'),
      contentEncoding: req.get('Content-Encoding'),
      contentDisposition: req.get('Content-Disposition'),
      contentLength: req.get('Content-Length'),
      body: req,
    });
    res.status(200).json({ bulkFile });
  };
}

function finalizeHandler(syncJobs: SyncJobApi): Handler {
  return async (req: Request, res: Response) => {
    const job = await syncJobs.finalize({
      ...jobRef(req, res),
      body: req.body,
      ...forcing(req, res),
    });
    res.status(200).json({ job });
  };
}

/** `?allowDeletes=true`: the finalize goes past the delete guard, as the caller's key. */
function forcing(req: Request, res: Response): Pick<FinalizeRequest, 'allowDeletes'> {
  if (!queryFlag(req, 'allowDeletes')) return {};
  const { keyId, keyName } = authOf(res);
  return {
    allowDeletes: { keyId, keyName, requestId: typeof req.id === 'string' ? req.id : null },
  };
}

function jobRef(req: Request, res: Response): JobRef {
  return { accountId: authOf(res).accountId, jobId: pathParam(req, 'jobId') };
}

/**
 * A boolean query flag (`?ignoreDuplicates=true`). openapi.yaml declares it `type: boolean`; the
 * validator always coerces parameters (coerceTypes: false covers bodies only), so it lets through
 * just `true` / `false` and leaves the coerced boolean in req.query. The string form is accepted
 * too, should a validator version hand over Express's freshly parsed query instead.
 */
function queryFlag(req: Request, name: string): boolean {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  return value === true || value === 'true';
}

/** A required string query parameter (openapi.yaml declares it; the validator checked it). */
function queryText(req: Request, name: string): string {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}
