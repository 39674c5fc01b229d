import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SyncMode } from '../sync/jobs/job-types';
import { ApiError, type Connection, DEFAULT_RETRY, SyncApi, type SyncJob } from './api-client';
import { dryRun } from './dry-run';
import { EXIT } from './exit-codes';
import {
  type InputFile,
  type InputFormat,
  inspectInput,
  readInput,
  UsageError,
} from './input-file';
import { followJob, progressEvent, type ProgressEvent } from './progress-stream';
import { BarView, JsonLinesView, LineView, type ProgressView } from './progress-view';
import { type Output, report, reportDryRun, type RunFailure } from './run-report';
import { InputError, type SourceObject } from './source-object';
import { type UploadTally, uploadAll, UploadRejectedError } from './uploader';

/** How long a finished job's final progress event is waited for (see finalize). */
const FINAL_EVENT_GRACE_MS = 3000;

export interface SyncRunOptions {
  connection: Connection;
  files: string[];
  format: InputFormat | undefined;
  mode: SyncMode;
  source: string;
  scope: string | undefined;
  ignoreDuplicates: boolean;
  dryRun: boolean;
  /** `bar` on a terminal, `lines` otherwise, `json` with --json. */
  output: 'bar' | 'lines' | 'json';
  batchSize: number;
  concurrency: number;
  /** Retries of one request (429, 503, network), besides the first attempt. */
  retries: number;
  userAgent: string;
  out: Output;
}

/**
 * `graphsync sync`: checks the files, starts a job, uploads every object in batches, finalizes,
 * follows the job to its end, and reports. Returns the exit code (exit-codes.ts).
 */
export async function runSync(options: SyncRunOptions): Promise<number> {
  let inputs: InputFile[];
  try {
    checkUrl(options.connection.url);
    inputs = [];
    for (const file of options.files) inputs.push(await inspectInput(file, options.format));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return report(options, { failure: { code: EXIT.usage, kind: 'USAGE', message: err.message } });
  }
  if (options.dryRun) {
    const result = await dryRun(inputs, {
      syncMode: options.mode,
      scope: options.scope,
      ignoreDuplicates: options.ignoreDuplicates,
      maxListed: 20,
    });
    return reportDryRun(options, result);
  }
  return new SyncRun(options, inputs).run();
}

class SyncRun {
  private readonly view: ProgressView;
  private readonly api: SyncApi;
  private readonly started = Date.now();
  private tally: UploadTally = { entities: 0, relationships: 0, batches: 0, bytesSent: 0 };
  private job: SyncJob | undefined;

  constructor(
    private readonly options: SyncRunOptions,
    private readonly inputs: InputFile[],
  ) {
    this.view = viewFor(options);
    this.api = new SyncApi(
      options.connection,
      {
        ...DEFAULT_RETRY,
        attempts: options.retries + 1,
        onRetry: (why, ms) => this.view.retry(why, ms),
      },
      options.userAgent,
    );
  }

  async run(): Promise<number> {
    const interrupted = (): void => void this.interrupt();
    process.once('SIGINT', interrupted);
    try {
      this.job = await this.api.startJob({
        source: this.options.source,
        scope: this.options.scope ?? null,
        syncMode: this.options.mode,
        ignoreDuplicates: this.options.ignoreDuplicates,
      });
      await this.upload(this.job.id);
      const job = await this.finalize(this.job.id);
      this.view.stop();
      const code = job.status === 'FINISHED' ? EXIT.finished : EXIT.jobFailed;
      return report(this.options, { job, upload: this.tally, seconds: this.seconds(), code });
    } catch (err) {
      this.view.stop();
      const failure = failureOf(err);
      if (this.job !== undefined && !this.job.done) await this.abandon(this.job.id, failure);
      return report(this.options, { failure, job: this.job, upload: this.tally });
    } finally {
      process.off('SIGINT', interrupted);
    }
  }

  private async upload(jobId: string): Promise<void> {
    const total = this.inputs.reduce((sum, input) => sum + input.size, 0);
    let read = 0;
    const onBytes = (bytes: number): void => {
      read += bytes;
      this.view.read(read, total);
    };
    const inputs = this.inputs;
    async function* everything(): AsyncGenerator<SourceObject> {
      for (const input of inputs) yield* readInput(input, onBytes);
    }
    this.tally = await uploadAll(
      this.api,
      jobId,
      everything(),
      {
        batchSize: this.options.batchSize,
        concurrency: this.options.concurrency,
        runId: randomUUID(),
      },
      (tally) => {
        this.tally = tally;
        this.view.uploaded(tally);
      },
    );
    this.view.uploadDone(this.tally);
  }

  /**
   * Sends finalize while following the progress stream: in local mode the API applies the job
   * before it answers, and the stream shows the phases meanwhile; in queue mode the answer is
   * FINALIZE_PENDING and the stream goes on until the job is done.
   */
  private async finalize(jobId: string): Promise<SyncJob> {
    this.view.finalizing(jobId);
    const stop = new AbortController();
    let sawFinal = false;
    const onEvent = (event: ProgressEvent): void => {
      sawFinal ||= event.final;
      this.view.progress(event);
    };
    const following = followJob(this.api, jobId, onEvent, stop.signal).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
    let answer: SyncJob;
    try {
      answer = await this.api.finalize(jobId);
    } catch (err) {
      const job = await this.jobAfterFailedFinalize(jobId);
      if (job === undefined) {
        stop.abort();
        await following;
        throw err;
      }
      answer = job;
    }
    this.job = answer;
    // Local mode answers once the job is done: the stream's last event (with the phases) follows
    // within a poll interval; it is not waited for longer than that.
    if (answer.done)
      await Promise.race([following, sleep(FINAL_EVENT_GRACE_MS, undefined, { ref: false })]);
    if (answer.done) stop.abort();
    const problem = await following;
    if (problem !== undefined && !stop.signal.aborted) throw problem;
    const job = answer.done ? answer : await this.api.getJob(jobId);
    if (!sawFinal) this.view.progress(progressEvent(job));
    this.job = job;
    return job;
  }

  /**
   * Finalize failed (no answer, a proxy's 502, or 409 because an earlier finalize got through):
   * the job says whether it was finalized after all. FINALIZE_PENDING or done: it was, and is
   * followed like an answered one. Otherwise (or if the job cannot be read) undefined: the
   * finalize's own error stands. Finalize is never sent again (it is not idempotent).
   */
  private async jobAfterFailedFinalize(jobId: string): Promise<SyncJob | undefined> {
    try {
      const job = await this.api.getJob(jobId);
      return job.done || job.status === 'FINALIZE_PENDING' ? job : undefined;
    } catch {
      return undefined;
    }
  }

  /** After a failure: the job is aborted, so that it does not wait for uploads for a day. */
  private async abandon(jobId: string, failure: RunFailure): Promise<void> {
    try {
      await this.api.abort(jobId, `graphsync sync: ${failure.message}`.slice(0, 1000));
    } catch {
      // Best effort: a job that no longer awaits uploads, or a service gone, keeps its state.
    }
  }

  private async interrupt(): Promise<void> {
    this.view.stop();
    const failure = { code: EXIT.interrupted, kind: 'INTERRUPTED', message: 'Interrupted' };
    if (this.job !== undefined && !this.job.done) await this.abandon(this.job.id, failure);
    report(this.options, { failure, job: this.job, upload: this.tally });
    process.exit(EXIT.interrupted);
  }

  private seconds(): number {
    return (Date.now() - this.started) / 1000;
  }
}

function checkUrl(url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new UsageError(`--url must be an http:// or https:// address (got '${url}')`);
  }
}

function viewFor(options: SyncRunOptions): ProgressView {
  switch (options.output) {
    case 'bar':
      return new BarView();
    case 'lines':
      return new LineView(options.out.err);
    case 'json':
      return new JsonLinesView(options.out.out);
  }
}

/** What went wrong, as an exit code and a message for people. */
export function failureOf(err: unknown): RunFailure {
  if (err instanceof InputError)
    return { code: EXIT.invalid, kind: 'INVALID_INPUT', message: err.message };
  if (err instanceof UploadRejectedError) {
    return { code: EXIT.invalid, kind: err.apiError.code, message: err.message };
  }
  if (err instanceof ApiError) {
    const hint =
      err.status === 401
        ? ' (check --key / GRAPHSYNC_KEY and --account / GRAPHSYNC_ACCOUNT)'
        : err.status === 403
          ? ' (the key needs the ingest and read roles of this account)'
          : '';
    return {
      code: EXIT.failed,
      kind: err.code,
      message: `${err.status} ${err.code}: ${err.message}${hint}`,
    };
  }
  if (err instanceof Error && err.name === 'UnreachableError') {
    return { code: EXIT.failed, kind: 'UNREACHABLE', message: err.message };
  }
  // Anything else (a file that cannot be read, say): still a failure the job is aborted for and
  // the result reported, never an exception that leaves the job awaiting uploads for a day.
  return {
    code: EXIT.failed,
    kind: 'ERROR',
    message: err instanceof Error ? err.message : String(err),
  };
}
