import { EventSourceParserStream } from 'eventsource-parser/stream';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/client';
import { useSession } from '../../session/session';
import type { ProgressEvent } from './job-types';

/** How often a stream that ended early is opened again. */
const REOPENS = 5;

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

  /** Reads the stream until it ends; whether the job's final event came. */
  const follow = async (signal: AbortSignal): Promise<boolean> => {
    const { data, error, response } = await api.GET(
      '/persister/synchronization/jobs/{jobId}/progress',
      { params: { path: { jobId } }, parseAs: 'stream', signal },
    );
    if (!response.ok || data === undefined || data === null)
      throw toApiError(response.status, error);
    const reader = data
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    let final = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return final;
      if (value.event !== 'progress') continue;
      const latest = JSON.parse(value.data) as ProgressEvent;
      final = latest.final;
      setState((s) => ({ ...s, latest }));
    }
  };
  const followRef = useRef(follow);
  followRef.current = follow;

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ latest: undefined, ended: false, error: undefined });
    void (async () => {
      // A stream that ends before the job's final event (an API restart, a proxy's idle timeout)
      // is opened again, a second later, a few times.
      for (let attempt = 0; attempt <= REOPENS; attempt++) {
        try {
          if (await followRef.current(abort.signal)) break;
        } catch (error) {
          if (abort.signal.aborted) return;
          setState((s) => ({ ...s, ended: true, error }));
          return;
        }
        if (abort.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      setState((s) => ({ ...s, ended: true }));
      endRef.current();
    })();
    return () => abort.abort();
  }, [api, jobId, enabled]);

  return state;
}
