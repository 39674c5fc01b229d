import type { Request, Response } from 'express';
import type { AuditApi } from '../../audit/audit-service';
import { authOf } from '../auth';
import type { HandlerMap } from '../handler-map';

/**
 * The audit trail (`GET /audit-events`): one page of the account's events, newest first.
 * openapi.yaml has checked `limit`; the service checks the date-times and the cursor.
 */
export function auditHandlers(deps: { audit: AuditApi }): HandlerMap {
  return {
    listAuditEvents: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await deps.audit.list({
        accountId: authOf(res).accountId,
        since: query.since,
        until: query.until,
        actor: query.actor,
        target: query.target,
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
      });
      res.status(200).json(page);
    },
  };
}
