import { ValidationError } from '../../errors/app-error';
import { type JobStatus, SDK_ABORT_STATUSES, type SdkAbortStatus } from '../jobs/job-types';
import { isObject } from '../../model/property-rules';

/**
 * The small request bodies of the job lifecycle (finalize, abort, events): parsed into plain
 * values with clear 400s. Missing bodies are fine where the real clients omit them.
 */

export function parseFinalize(body: unknown): { partialDatasetTypes: string[] } {
  if (body === undefined || body === null) return { partialDatasetTypes: [] };
  if (!isObject(body)) throw new ValidationError('The request body must be a JSON object');
  const partial = body.partialDatasets;
  if (partial === undefined || partial === null) return { partialDatasetTypes: [] };
  if (!isObject(partial)) throw new ValidationError('partialDatasets must be an object');
  const types = partial.types ?? [];
  if (!Array.isArray(types) || !types.every((t) => typeof t === 'string')) {
    throw new ValidationError('partialDatasets.types must be an array of strings');
  }
  return { partialDatasetTypes: [...new Set(types)] };
}

/** The final statuses an abort may choose. */
const TERMINAL: readonly JobStatus[] = ['ABORTED', 'FAILED', 'ERROR'];

const ACCEPTED: readonly string[] = [...TERMINAL, ...SDK_ABORT_STATUSES];

export function parseAbort(body: unknown): {
  reason: string | undefined;
  /** The status the job ends in. */
  status: JobStatus;
  /** The SDK status the client named, when it is not one of graphsync's own. */
  sdkStatus: SdkAbortStatus | undefined;
} {
  const none = { reason: undefined, status: 'ABORTED' as const, sdkStatus: undefined };
  if (body === undefined || body === null) return none;
  if (!isObject(body)) throw new ValidationError('The request body must be a JSON object');
  const { reason, terminalStatus } = body;
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    throw new ValidationError('reason must be a string');
  }
  if (
    terminalStatus !== undefined &&
    terminalStatus !== null &&
    (typeof terminalStatus !== 'string' || !ACCEPTED.includes(terminalStatus))
  ) {
    throw new ValidationError(`terminalStatus must be one of ${ACCEPTED.join(', ')}`);
  }
  const sdkStatus = SDK_ABORT_STATUSES.find((s) => s === terminalStatus);
  return {
    reason: typeof reason === 'string' ? reason.slice(0, 10_000) : undefined,
    status:
      sdkStatus !== undefined
        ? 'ABORTED'
        : ((terminalStatus as JobStatus | null | undefined) ?? 'ABORTED'),
    sdkStatus,
  };
}

export const MAX_EVENTS_PER_REQUEST = 100;

export function parseEvents(body: unknown): Array<{ name: string; description: string }> {
  if (!isObject(body)) throw new ValidationError('The request body must be a JSON object');
  const events = body.events;
  if (!Array.isArray(events)) throw new ValidationError('events must be an array');
  if (events.length === 0) throw new ValidationError('events must have minimum 1 item');
  if (events.length > MAX_EVENTS_PER_REQUEST) {
    throw new ValidationError(`events must have at most ${MAX_EVENTS_PER_REQUEST} items`);
  }
  return events.map((e, i) => {
    if (!isObject(e) || typeof e.name !== 'string' || e.name === '') {
      throw new ValidationError(`/events/${i}/name is required`);
    }
    if (
      e.description !== undefined &&
      e.description !== null &&
      typeof e.description !== 'string'
    ) {
      throw new ValidationError(`/events/${i}/description must be a string`);
    }
    return { name: e.name, description: typeof e.description === 'string' ? e.description : '' };
  });
}
