import { setTimeout as sleep } from 'node:timers/promises';
import { progressEvent, type ProgressEvent } from '../sync/jobs/job-progress';
import { JOBS, type SyncApi } from './api-client';

/**
 * One `event: progress` of `GET .../jobs/{jobId}/progress` (the contract's SyncJobProgressEvent):
 * the job's status, finalize phase and percent, each phase's done and total objects, its counters
 * so far, and whether it is the last event. Events made from the job alone (polling, the final
 * answer) come from the server's own `progressEvent`, so both have the same fields and counters.
 */
export type { ProgressEvent };
export { progressEvent };

/**
 * Follows the job's progress stream (server-sent events) until its final event. If the stream
 * fails in any way (an older graphsync answers 404 for the route, 429 past PROGRESS_MAX_STREAMS,
 * the connection drops), it goes on by reading the job every second instead: `onEvent` then sees events made from the job, without
 * phases. Returns when the job is done; `signal` stops it early.
 */
export async function followJob(
  api: SyncApi,
  jobId: string,
  onEvent: (event: ProgressEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  try {
    if (await followStream(api, jobId, onEvent, signal)) return;
  } catch {
    // Whatever kept the stream from us (404 from an older service, 429 past the service's
    // PROGRESS_MAX_STREAMS, a proxy, the network), reading the job still works.
    if (signal.aborted) return;
  }
  await pollJob(api, jobId, onEvent, signal);
}

/** True once the final event arrived; false when the stream ended without one. */
async function followStream(
  api: SyncApi,
  jobId: string,
  onEvent: (event: ProgressEvent) => void,
  signal: AbortSignal,
): Promise<boolean> {
  // Not retried: on any failure, polling the job takes over at once.
  const headers = { Accept: 'text/event-stream' };
  const res = await api.send(
    { method: 'GET', path: `${JOBS}/${jobId}/progress`, headers, retry: 'none' },
    signal,
  );
  if (res.body === null) return false;
  const reader = new ServerSentEvents();
  const text = res.body.pipeThrough(new TextDecoderStream());
  for await (const chunk of text) {
    for (const message of reader.push(chunk)) {
      if (message.event !== 'progress') continue;
      const event = JSON.parse(message.data) as ProgressEvent;
      onEvent(event);
      if (event.final) return true;
    }
  }
  return false;
}

async function pollJob(
  api: SyncApi,
  jobId: string,
  onEvent: (event: ProgressEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  for (;;) {
    const job = await api.getJob(jobId);
    onEvent(progressEvent(job));
    if (job.done) return;
    await sleep(1000, undefined, { signal });
  }
}

interface Message {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * The text/event-stream format (WHATWG HTML, "server-sent events"): lines of `field: value`, a
 * blank line ends a message, `:` lines are comments (keep-alives); `data` lines are joined by
 * newlines. Fed chunks as they arrive; returns the messages completed by each chunk.
 */
export class ServerSentEvents {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  push(chunk: string): Message[] {
    this.buffer += chunk;
    const messages: Message[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      const message = this.line(line);
      if (message !== undefined) messages.push(message);
    }
    return messages;
  }

  private line(line: string): Message | undefined {
    if (line === '') {
      if (this.data.length === 0) return undefined;
      const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') this.id = value;
    return undefined;
  }
}
