import type { Request, Response } from 'express';
import type { SafeSyncApi } from '../../sync/jobs/job-service-contract';
import { authOf } from '../auth';
import { type HandlerMap, type JsonBody, pathParam } from '../handler-map';

/** The finalize preview and the account's delete guard (docs/guide/safe-sync.md). */
export function safeSyncHandlers(deps: { safeSync: SafeSyncApi }): HandlerMap {
  const { safeSync } = deps;
  return {
    previewSyncJobFinalize: async (req: Request, res: Response) => {
      const preview = await safeSync.preview({
        accountId: authOf(res).accountId,
        jobId: pathParam(req, 'jobId'),
        body: req.body,
      });
      res.status(200).json({ preview });
    },
    getAccountDeleteGuard: async (_req: Request, res: Response) => {
      const percent = await safeSync.deleteGuard(authOf(res).accountId);
      res.status(200).json({ deleteGuard: { percent } });
    },
    setAccountDeleteGuard: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'setAccountDeleteGuard'>;
      const percent = await safeSync.setDeleteGuard({
        accountId: authOf(res).accountId,
        percent: body.percent,
      });
      res.status(200).json({ deleteGuard: { percent } });
    },
  };
}
