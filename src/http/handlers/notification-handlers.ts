import type { Request, Response } from 'express';
import type { NotificationTemplateService } from '../../notifications/notification-templates';
import type { NotificationKind } from '../../notifications/views';
import { authOf } from '../auth';
import { type HandlerMap, type JsonBody, pathParam } from '../handler-map';

/** Notification layouts (`/notification-templates`): list, read, store, delete, preview. */
export function notificationHandlers(deps: {
  notificationTemplates: Pick<
    NotificationTemplateService,
    'list' | 'get' | 'put' | 'delete' | 'preview'
  >;
}): HandlerMap {
  const templates = deps.notificationTemplates;
  return {
    listNotificationTemplates: async (_req: Request, res: Response) => {
      res.status(200).json({ templates: await templates.list(authOf(res).accountId) });
    },
    getNotificationTemplate: async (req: Request, res: Response) => {
      res.status(200).json({ template: await templates.get(authOf(res).accountId, kindOf(req)) });
    },
    putNotificationTemplate: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'putNotificationTemplate'>;
      const template = await templates.put({
        accountId: authOf(res).accountId,
        kind: kindOf(req),
        html: body.html,
        text: body.text,
      });
      res.status(200).json({ template });
    },
    deleteNotificationTemplate: async (req: Request, res: Response) => {
      res
        .status(200)
        .json({ template: await templates.delete(authOf(res).accountId, kindOf(req)) });
    },
    previewNotificationTemplate: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'previewNotificationTemplate'>;
      // The body first: the caller's account and the path's kind are never the body's to set.
      const preview = await templates.preview({
        ...body,
        accountId: authOf(res).accountId,
        kind: kindOf(req),
      });
      res.status(200).json({ preview });
    },
  };
}

/** The validator has checked the path's `kind` against the contract's enum. */
function kindOf(req: Request): NotificationKind {
  return pathParam(req, 'kind') as NotificationKind;
}
