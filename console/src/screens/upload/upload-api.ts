import { type Api, ok, toApiError } from '../../api/client';
import type { components } from '../../../../src/generated/openapi';
import type { SyncMode } from '../jobs/job-types';

export type SyncJob = components['schemas']['SyncJob'];
export type FinalizePreview = components['schemas']['FinalizePreview'];

/** The upload formats the API takes (openapi.yaml, uploadSyncJobData), by file extension. */
const TYPES: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/** The Content-Type to send a file with, or undefined when it is none of JSON, CSV or YAML. */
export function uploadContentType(file: File): string | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension !== undefined && TYPES[extension] !== undefined) return TYPES[extension];
  return Object.values(TYPES).includes(file.type) ? file.type : undefined;
}

const JOB = '/persister/synchronization/jobs/{jobId}' as const;

/** POST .../jobs: a job of source `api` for the scope, in the mode chosen. */
export async function startJob(api: Api, scope: string, syncMode: SyncMode): Promise<SyncJob> {
  const answer = await ok(
    api.POST('/persister/synchronization/jobs', { body: { source: 'api', scope, syncMode } }),
  );
  return answer.job;
}

/**
 * POST .../upload with the file's bytes as they are, in its own format. The upload (not the
 * bulk upload URL) is used because it validates at once, so a bad row is reported before
 * anything is staged, and because a job with a bulk file cannot be previewed.
 */
export async function uploadFile(api: Api, jobId: string, file: File, contentType: string) {
  const text = await file.text();
  const answer = await ok(
    api.POST(`${JOB}/upload`, {
      params: { path: { jobId } },
      // The typed body is the JSON form; CSV and YAML go as text with their own Content-Type.
      body: text as never,
      bodySerializer: (body: unknown) => body as string,
      headers: { 'Content-Type': contentType },
    }),
  );
  return answer.job;
}

/**
 * The bulk upload URL (POST .../uploadUrl), then PUT of the file as it is to that URL: for files
 * larger than an upload batch may be. The URL's signature is its credential, so no key is sent.
 * The API checks the file only at finalize (a bad one makes the job FAILED), and cannot preview it.
 */
export async function putBulkFile(api: Api, jobId: string, file: File, contentType: string) {
  const { uploadUrl } = await ok(api.POST(`${JOB}/uploadUrl`, { params: { path: { jobId } } }));
  // The console may talk to its own origin only (its Content-Security-Policy): a URL of an S3
  // bucket is for a client such as `graphsync sync` or curl.
  const target = new URL(uploadUrl, window.location.href);
  if (target.origin !== window.location.origin) {
    throw new Error(
      `This service stores bulk files at ${target.origin}, which the console may not reach. ` +
        'Upload without "Send as one bulk file", or PUT the file to the bulk upload URL with ' +
        'graphsync sync or curl.',
    );
  }
  const response = await fetch(uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': contentType },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body);
  }
  const answer = await ok(api.GET(JOB, { params: { path: { jobId } } }));
  return answer.job;
}

export async function previewFinalize(api: Api, jobId: string): Promise<FinalizePreview> {
  const answer = await ok(
    api.POST(`${JOB}/finalize/preview`, { params: { path: { jobId } }, body: {} }),
  );
  return answer.preview;
}

export async function finalizeJob(api: Api, jobId: string): Promise<SyncJob> {
  const answer = await ok(api.POST(`${JOB}/finalize`, { params: { path: { jobId } }, body: {} }));
  return answer.job;
}

/** Ends a job whose upload was refused or that the user cancelled, so nothing stays staged. */
export async function abandonJob(api: Api, jobId: string, reason: string): Promise<void> {
  await ok(api.POST(`${JOB}/abort`, { params: { path: { jobId } }, body: { reason } }));
}

/** The scopes of the account's recent jobs, for the scope prompt's suggestions. */
export async function knownScopes(api: Api): Promise<string[]> {
  const answer = await ok(
    api.GET('/persister/synchronization/jobs', { params: { query: { limit: 1000 } } }),
  );
  const scopes = new Set<string>();
  for (const job of answer.jobs) if (job.scope !== undefined) scopes.add(job.scope);
  return [...scopes].sort();
}
