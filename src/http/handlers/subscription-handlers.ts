import type { Request, Response } from 'express';
import type { SubscriptionApi, SubscriptionRef } from '../../subscriptions/subscription-types';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The subscriptions API (docs/guide/change-events.md). Bodies reach the service checked against
 * openapi.yaml's SubscriptionRequest; answers never carry a webhook's secret.
 */
export function subscriptionHandlers(deps: { subscriptions: SubscriptionApi }): HandlerMap {
  const { subscriptions } = deps;
  return {
    createSubscription: async (req: Request, res: Response) => {
      const subscription = await subscriptions.create({
        accountId: authOf(res).accountId,
        body: req.body,
      });
      res.status(201).json({ subscription });
    },
    listSubscriptions: async (_req: Request, res: Response) => {
      res.status(200).json({ subscriptions: await subscriptions.list(authOf(res).accountId) });
    },
    getSubscription: async (req: Request, res: Response) => {
      res.status(200).json({ subscription: await subscriptions.get(subscriptionRef(req, res)) });
    },
    updateSubscription: async (req: Request, res: Response) => {
      const subscription = await subscriptions.update({
        ...subscriptionRef(req, res),
        body: req.body,
      });
      res.status(200).json({ subscription });
    },
    deleteSubscription: async (req: Request, res: Response) => {
      res.status(200).json({ subscription: await subscriptions.delete(subscriptionRef(req, res)) });
    },
    listSubscriptionDeliveries: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await subscriptions.listDeliveries({
        ...subscriptionRef(req, res),
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
      });
      res.status(200).json(page);
    },
  };
}

function subscriptionRef(req: Request, res: Response): SubscriptionRef {
  return { accountId: authOf(res).accountId, subscriptionId: pathParam(req, 'subscriptionId') };
}
