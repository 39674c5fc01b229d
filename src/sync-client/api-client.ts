import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, type Dispatcher } from 'undici';
import type { components } from '../generated/openapi';

export type SyncJob = components['schemas']['SyncJob'];
export type StartSyncJobRequest = components['schemas']['StartSyncJobRequest'];
type ErrorResponse = components['schemas']['ErrorResponse'];

/** Where the service is and who is calling. */
export interface Connection {
  url: string;
  account: string;
  key: string;
}

/** An answer other than 2xx (after any retries), with the API's error code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The service could not be reached (after any retries). */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first wait when the answer names none; doubled each time, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Told of each retry, e.g. to print a line. */
  onRetry?: (why: string, waitMs: number) => void;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Answers worth another try: too many requests, and the service or a proxy being unavailable. */
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

export interface RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  /** Sent as is when `{ bytes, headers }` (already encoded), otherwise as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Which failures are retried: `all` (the default) those above; `refused` only 429, which the
   * service answers (rate limits, concurrency caps) before it acts on a request, for finalize,
   * which is not idempotent; `none`: sent once.
   */
  retry?: 'all' | 'refused' | 'none';
  /** Instead of fetch's own (which gives up waiting for headers after 300 s). */
  dispatcher?: Dispatcher;
}

/**
 * The few sync-job calls the CLI makes, over fetch (undici, built into Node), typed with the
 * contract's schemas (src/generated/openapi.ts). 429, 502, 503 and 504 answers and network
 * failures are retried with exponential backoff, waiting what a Retry-After header asks for.
 * Retrying an upload is safe because each batch carries a correlation id. Finalize is retried
 * only after 429 (refused before the service acted on it) and waited for without a time limit (local mode answers only once the job is applied): the
 * caller reads the job to learn what became of a finalize that failed (sync-run.ts).
 */
export class SyncApi {
  constructor(
    private readonly connection: Connection,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    private readonly userAgent = 'graphsync-cli',
  ) {}

  /** The headers of every request: account, key, client. */
  get authHeaders(): Record<string, string> {
    return {
      'JupiterOne-Account': this.connection.account,
      Authorization: `Bearer ${this.connection.key}`,
      'User-Agent': this.userAgent,
    };
  }

  urlOf(path: string): string {
    return `${this.connection.url.replace(/\/+$/, '')}${path}`;
  }

  async startJob(body: StartSyncJobRequest): Promise<SyncJob> {
    return (await this.json<{ job: SyncJob }>({ method: 'POST', path: JOBS, body })).job;
  }

  async getJob(jobId: string): Promise<SyncJob> {
    return (await this.json<{ job: SyncJob }>({ method: 'GET', path: `${JOBS}/${jobId}` })).job;
  }

  async upload(jobId: string, bytes: Buffer, correlationId: string): Promise<SyncJob> {
    const body = {
      bytes,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    };
    const path = `${JOBS}/${jobId}/upload`;
    const headers = { 'JupiterOne-Correlation-Id': correlationId };
    return (await this.json<{ job: SyncJob }>({ method: 'POST', path, body, headers })).job;
  }

  /** Retried only after 429 (not acted on), and not timed out; see the class comment. */
  async finalize(jobId: string): Promise<SyncJob> {
    const path = `${JOBS}/${jobId}/finalize`;
    const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
    try {
      const options = { method: 'POST', path, body: {}, retry: 'refused', dispatcher } as const;
      return (await this.json<{ job: SyncJob }>(options)).job;
    } finally {
      await dispatcher.close();
    }
  }

  async abort(jobId: string, reason: string): Promise<SyncJob> {
    const path = `${JOBS}/${jobId}/abort`;
    return (await this.json<{ job: SyncJob }>({ method: 'POST', path, body: { reason } })).job;
  }

  async json<T>(options: RequestOptions): Promise<T> {
    const res = await this.send(options);
    return (await res.json()) as T;
  }

  /** A 2xx response (its body unread), after retries; otherwise ApiError or UnreachableError. */
  async send(options: RequestOptions, signal?: AbortSignal): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const policy = options.retry ?? 'all';
      const last = policy === 'none' || attempt >= this.retry.attempts;
      let res: Response;
      try {
        res = await fetch(this.urlOf(options.path), this.init(options, signal));
      } catch (err) {
        if (signal?.aborted === true) throw err;
        const why = networkProblem(err);
        if (last || policy === 'refused')
          throw new UnreachableError(`Cannot reach ${this.connection.url}: ${why}`);
        await this.wait(why, this.backoff(attempt), signal);
        continue;
      }
      if (res.ok) return res;
      const retried = policy === 'refused' ? res.status === 429 : RETRIED_STATUSES.has(res.status);
      if (!last && retried) {
        const wait = retryAfterMs(res.headers.get('retry-after')) ?? this.backoff(attempt);
        await res.body?.cancel();
        await this.wait(`${res.status} ${res.statusText}`, Math.min(wait, 60_000), signal);
        continue;
      }
      throw await apiErrorOf(res);
    }
  }

  private init(options: RequestOptions, signal?: AbortSignal): RequestInit {
    const headers: Record<string, string> = { ...this.authHeaders, ...options.headers };
    let body: Buffer | string | undefined;
    if (isEncoded(options.body)) {
      Object.assign(headers, options.body.headers);
      body = options.body.bytes;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const init = { method: options.method, headers, body, signal };
    // Node's fetch is undici: it takes an undici dispatcher (not in the DOM's RequestInit type).
    return options.dispatcher === undefined
      ? init
      : ({ ...init, dispatcher: options.dispatcher } as unknown as RequestInit);
  }

  private backoff(attempt: number): number {
    const delay = this.retry.baseDelayMs * 2 ** (attempt - 1);
    // Jitter: uploads in flight that failed together do not all come back at the same moment.
    return Math.min(this.retry.maxDelayMs, delay) * (0.75 + Math.random() * 0.5);
  }

  private async wait(why: string, ms: number, signal?: AbortSignal): Promise<void> {
    this.retry.onRetry?.(why, ms);
    await sleep(ms, undefined, { signal });
  }
}

export const JOBS = '/persister/synchronization/jobs';

function isEncoded(body: unknown): body is { bytes: Buffer; headers: Record<string, string> } {
  return (
    typeof body === 'object' &&
    body !== null &&
    Buffer.isBuffer((body as { bytes?: unknown }).bytes)
  );
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const { error } = JSON.parse(text) as ErrorResponse;
    if (typeof error?.message === 'string')
      return new ApiError(res.status, error.code, error.message);
  } catch {
    // Not the API's error body (a proxy's page, say): the status and the text say enough.
  }
  const snippet = text.trim().slice(0, 200);
  return new ApiError(
    res.status,
    `HTTP_${res.status}`,
    `${res.status} ${res.statusText}${snippet === '' ? '' : `: ${snippet}`}`,
  );
}

function networkProblem(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code !== undefined)
    return `${cause.code}${cause.message === undefined ? '' : ` (${cause.message})`}`;
  return err instanceof Error ? err.message : String(err);
}
