import type { Request, Response } from 'express';
import { checkReadiness, type ReadinessDeps } from '../../health/readiness';
import type { HandlerMap } from '../handler-map';

export function healthHandlers(deps: { readiness: ReadinessDeps }): HandlerMap {
  return {
    getHealth: (_req: Request, res: Response) => {
      res.json({ status: 'ok' });
    },
    getReadiness: async (_req: Request, res: Response) => {
      const readiness = await checkReadiness(deps.readiness);
      res.status(readiness.status === 'ok' ? 200 : 503).json(readiness);
    },
  };
}
