import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimitedError } from '../../errors/app-error';
import type { JobRef } from './job-service-contract';
import { progressEvent, type ProgressEvent } from './job-progress';
import type { JobStore } from './job-store';

/** Reads in a row that may fail (Neo4j briefly away) before a stream gives up. */
const FAILED_READS_TOLERATED = 5;

/** What the HTTP adapter needs to serve `GET .../jobs/{jobId}/progress`. */
export interface JobProgressApi {
  /**
   * The progress events of one job, the first at once, then one per change until the final one;
   * the job is looked up first (NotFoundError before any event), and a stream slot taken
   * (RateLimitedError past the cap). Iterate the result to the end or `return()` it: that gives
   * the slot back. `signal` ends it early (the client went away).
   */
  follow(ref: JobRef, signal: AbortSignal): Promise<AsyncGenerator<ProgressEvent, void>>;
}

export interface ProgressStreamsDeps {
  jobs: Pick<JobStore, 'get'>;
  /** How often each stream reads its job (ms): PROGRESS_POLL_INTERVAL. */
  pollMs: number;
  /** Streams this process serves at once: PROGRESS_MAX_STREAMS. */
  maxStreams: number;
}

/**
 * Progress streams by polling the job node: the finalizer, in whichever process runs it, keeps
 * the phase and per-phase counts on the node (finalize-progress.ts), so any API process can
 * follow any job in local and queue mode without a channel of its own. Each stream reads one
 * node per poll and sends an event only when it changed.
 */
export class ProgressStreams implements JobProgressApi {
  private open = 0;
  private readonly closing = new AbortController();

  constructor(private readonly deps: ProgressStreamsDeps) {}

  /** Streams open in this process now. */
  get openStreams(): number {
    return this.open;
  }

  async follow(ref: JobRef, signal: AbortSignal): Promise<AsyncGenerator<ProgressEvent, void>> {
    if (this.open >= this.deps.maxStreams) {
      throw new RateLimitedError(
        'TOO_MANY_CONCURRENT_REQUESTS',
        `This API process already serves ${this.open} progress streams, at most ` +
          `${this.deps.maxStreams} at once (PROGRESS_MAX_STREAMS); try again later`,
        5,
      );
    }
    // The slot is taken before the job is read, so a burst of opens cannot pass the cap together.
    this.open++;
    let first: ProgressEvent;
    try {
      first = progressEvent(await this.deps.jobs.get(ref));
    } catch (err) {
      this.open--;
      throw err;
    }
    return this.events(ref, first, AbortSignal.any([signal, this.closing.signal]));
  }

  /** Ends every stream (the process stops): each sends nothing more and its response ends. */
  close(): void {
    this.closing.abort();
  }

  private async *events(
    ref: JobRef,
    first: ProgressEvent,
    signal: AbortSignal,
  ): AsyncGenerator<ProgressEvent, void> {
    try {
      yield first;
      let last = JSON.stringify(first);
      let final = first.final;
      let failed = 0;
      while (!final && !signal.aborted) {
        await sleep(this.deps.pollMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return;
        let event: ProgressEvent;
        try {
          event = progressEvent(await this.deps.jobs.get(ref));
          failed = 0;
        } catch (err) {
          if (++failed >= FAILED_READS_TOLERATED) throw err;
          continue;
        }
        final = event.final;
        const text = JSON.stringify(event);
        if (text === last) continue;
        last = text;
        yield event;
      }
    } finally {
      this.open--;
    }
  }
}
