import type { Request, Response } from 'express';
import type { AccountService } from '../../accounts/account-service';
import { authOf } from '../auth';
import type { HandlerMap, JsonBody } from '../handler-map';

export function accountHandlers(deps: { accounts: AccountService }): HandlerMap {
  return {
    getCurrentAccount: async (_req: Request, res: Response) => {
      res.json({ account: await deps.accounts.getAccount(authOf(res).accountId) });
    },
    setAccountNotificationEmails: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'setAccountNotificationEmails'>;
      res.json({
        account: await deps.accounts.setNotificationEmails({
          id: authOf(res).accountId,
          emails: body.emails,
        }),
      });
    },
  };
}
