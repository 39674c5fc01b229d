import type { Request, Response } from 'express';
import type { AlertApi, AlertStatus } from '../../alerts/alert-api';
import type { AlertLevel } from '../../rules/rule-types';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The alerts API (`/alerts`): list, read and dismiss. Alerts are raised and resolved by rule
 * evaluation, not over HTTP. openapi.yaml has checked the filters' values (`status`, `level`)
 * and `limit`; the cursor is the service's to check.
 */
export function alertHandlers(deps: { alerts: AlertApi }): HandlerMap {
  const { alerts } = deps;
  return {
    listAlerts: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await alerts.list({
        accountId: authOf(res).accountId,
        ruleId: query.ruleId,
        status: query.status as AlertStatus | undefined,
        level: query.level as AlertLevel | undefined,
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
      });
      res.status(200).json(page);
    },
    getAlert: async (req: Request, res: Response) => {
      res.status(200).json({ alert: await alerts.get(alertRef(req, res)) });
    },
    dismissAlert: async (req: Request, res: Response) => {
      res.status(200).json({ alert: await alerts.dismiss(alertRef(req, res)) });
    },
  };
}

function alertRef(req: Request, res: Response): { accountId: string; alertId: string } {
  return { accountId: authOf(res).accountId, alertId: pathParam(req, 'alertId') };
}
