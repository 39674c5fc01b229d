import { EventSourceParserStream } from 'eventsource-parser/stream';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/client';
import { useSession } from '../../session/session';
import type { ProgressEvent } from './job-types';

export interface ProgressState {
  /** The latest `progress` event, once one came. */
  latest: ProgressEvent | undefined;
  /** The server ended the stream (after the final event, or after failed reads). */
  ended: boolean;
  error: unknown;
}

/**
 * Follows GET .../jobs/{jobId}/progress while `enabled`. EventSource cannot send the
 * Authorization header, so the typed client fetches it as a stream (its middleware adds the
 * key) and eventsource-parser splits it into events. `onEnd` runs once when the stream ends, so
 * the caller can read the job again for its final fields (error, endTimestamp).
 */
export function useProgressStream(
  jobId: string,
  enabled: boolean,
  onEnd: () => void,
): ProgressState {
  const { api } = useSession();
  const [state, setState] = useState<ProgressState>({
    latest: undefined,
    ended: false,
    error: undefined,
  });
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ latest: undefined, ended: false, error: undefined });
    void (async () => {
      try {
        const { data, error, response } = await api.GET(
          '/persister/synchronization/jobs/{jobId}/progress',
          { params: { path: { jobId } }, parseAs: 'stream', signal: abort.signal },
        );
        if (!response.ok || data === undefined || data === null)
          throw toApiError(response.status, error);
        const events = data
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(new EventSourceParserStream());
        const reader = events.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (value.event !== 'progress') continue;
          const latest = JSON.parse(value.data) as ProgressEvent;
          setState((s) => ({ ...s, latest }));
        }
        setState((s) => ({ ...s, ended: true }));
        endRef.current();
      } catch (error) {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, ended: true, error }));
      }
    })();
    return () => abort.abort();
  }, [api, jobId, enabled]);

  return state;
}
