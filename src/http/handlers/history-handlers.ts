import type { Request, Response } from 'express';
import type { ChangeKind, HistoryApi } from '../../history/history-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The change history (decision 0045): an entity's changes, and a sync job's. openapi.yaml has
 * checked `limit` and `kind`; the service checks the cursor.
 */
export function historyHandlers(deps: { history: HistoryApi }): HandlerMap {
  return {
    listEntityHistory: async (req: Request, res: Response) => {
      const page = await deps.history.entityHistory({
        accountId: authOf(res).accountId,
        entityId: pathParam(req, 'entityId'),
        ...pageQuery(req),
      });
      res.status(200).json(page);
    },
    listSyncJobChanges: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await deps.history.jobChanges({
        accountId: authOf(res).accountId,
        jobId: pathParam(req, 'jobId'),
        kind: query.kind as ChangeKind | undefined,
        ...pageQuery(req),
      });
      res.status(200).json(page);
    },
  };
}

function pageQuery(req: Request): { limit: number | undefined; cursor: string | undefined } {
  const query = req.query as Record<string, string | undefined>;
  return {
    limit: query.limit === undefined ? undefined : Number(query.limit),
    cursor: query.cursor,
  };
}
