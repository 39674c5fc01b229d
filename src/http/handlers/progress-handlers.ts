import type { Request, Response } from 'express';
import type { JobProgressApi } from '../../sync/jobs/progress-streams';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/** A comment line every 15 s keeps proxies and clients from taking a quiet stream for dead. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /persister/synchronization/jobs/{jobId}/progress` as server-sent events (the WHATWG
 * `text/event-stream` format, written with `res.write`): `event: progress`, `id: <n>` and one
 * line of JSON per event, a `: keep-alive` comment every 15 s, and the end of the response after
 * the final event. An unknown job (404) or the stream cap (429) is answered as any error, before
 * the headers are sent. The poll stops as soon as the client goes away. The response is never
 * passed to `res.json`, so the contract's response validation and the audit trail see nothing
 * to check; the request log writes its line when the stream ends.
 */
export function progressHandlers(deps: {
  progress: JobProgressApi;
  keepAliveMs?: number;
}): HandlerMap {
  const keepAliveMs = deps.keepAliveMs ?? KEEP_ALIVE_MS;
  return {
    streamSyncJobProgress: async (req: Request, res: Response) => {
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      const events = await deps.progress.follow(
        { accountId: authOf(res).accountId, jobId: pathParam(req, 'jobId') },
        gone.signal,
      );
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      // nginx and similar proxies would otherwise buffer the stream.
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs);
      let id = 0;
      try {
        for await (const event of events) {
          if (req.method === 'HEAD') break;
          res.write(`event: progress\nid: ${++id}\ndata: ${JSON.stringify(event)}\n\n`);
        }
      } catch (err) {
        // The headers are sent: the client sees the stream end without a final event, and may
        // open it again.
        req.log.warn({ err }, 'progress stream ended by an error');
      } finally {
        clearInterval(keepAlive);
        res.end();
      }
    },
  };
}
