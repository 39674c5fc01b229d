import { isoDateTimeMs } from '../../common/iso-date-time';
import { ValidationError } from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import { decodeTimeIdCursor, encodeTimeIdCursor, pageLimit } from '../../paging/keyset-page';
import {
  JOB_SOURCES,
  JOB_STATUSES,
  type JobSource,
  type JobStatus,
  type SyncJob,
} from './job-types';
import { type JobNode, publicJob, toJob } from './stored-job';

export const DEFAULT_JOB_PAGE_SIZE = 100;
export const MAX_JOB_PAGE_SIZE = 1000;

/** `GET /persister/synchronization/jobs`: the filters and page as the request gives them. */
export interface ListJobsInput {
  accountId: string;
  status?: readonly string[] | undefined;
  scope?: string | undefined;
  source?: string | undefined;
  integrationInstanceId?: string | undefined;
  /** Epoch milliseconds or an ISO 8601 date-time with an offset. */
  startedSince?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface JobPage {
  jobs: SyncJob[];
  cursor?: string;
}

/**
 * The account's jobs, newest first (`startTimestamp` descending, then `id`), in keyset pages
 * read in index order (cypher/sync/list-jobs.cypher). Filters are checked here, so that a bad
 * one is a 400 that names it, whoever calls.
 */
export async function listJobs(graph: Graph, input: ListJobsInput): Promise<JobPage> {
  const limit = pageLimit(input.limit, { default: DEFAULT_JOB_PAGE_SIZE, max: MAX_JOB_PAGE_SIZE });
  const after = input.cursor === undefined ? undefined : decodeTimeIdCursor(input.cursor);
  const rows = await graph.read<{ job: JobNode }>('sync/list-jobs', {
    accountId: input.accountId,
    since: startedSince(input.startedSince),
    afterStarted: after?.time ?? null,
    afterId: after?.id ?? null,
    statuses: statuses(input.status),
    scope: input.scope ?? null,
    source: source(input.source),
    integrationInstanceId: input.integrationInstanceId ?? null,
    limit,
  });
  const jobs = rows.slice(0, limit).map((r) => publicJob(toJob(r.job)));
  const last = rows.length > limit ? jobs[limit - 1] : undefined;
  return last === undefined
    ? { jobs }
    : { jobs, cursor: encodeTimeIdCursor({ time: last.startTimestamp, id: last.id }) };
}

function statuses(values: readonly string[] | undefined): JobStatus[] | null {
  if (values === undefined || values.length === 0) return null;
  for (const v of values) {
    if (!(JOB_STATUSES as readonly string[]).includes(v))
      throw new ValidationError(
        `query parameter 'status' must be one of ${JOB_STATUSES.join(', ')}, not '${v}'`,
      );
  }
  return [...new Set(values)] as JobStatus[];
}

function source(value: string | undefined): JobSource | null {
  if (value === undefined) return null;
  if (!(JOB_SOURCES as readonly string[]).includes(value))
    throw new ValidationError(
      `query parameter 'source' must be one of ${JOB_SOURCES.join(', ')}, not '${value}'`,
    );
  return value as JobSource;
}

const EPOCH_MS = /^\d{1,15}$/;
/** Epoch ms as the job resource writes times, or an ISO 8601 date-time as GET /audit-events. */
function startedSince(value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = EPOCH_MS.test(value) ? Number(value) : isoDateTimeMs(value);
  if (Number.isNaN(ms)) {
    throw new ValidationError(
      "query parameter 'startedSince' must be epoch milliseconds or an ISO 8601 date-time such as 2026-01-31T12:00:00Z",
    );
  }
  return ms;
}
