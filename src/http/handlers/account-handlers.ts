import type { Request, Response } from 'express';
import type { AccountService } from '../../accounts/account-service';
import { authOf } from '../auth';
import { type HandlerMap, type JsonBody, pathParam as param } from '../handler-map';

export function accountHandlers(deps: { accounts: AccountService }): HandlerMap {
  return {
    getCurrentAccount: async (_req: Request, res: Response) => {
      const auth = authOf(res);
      res.json({
        account: await deps.accounts.getAccount(auth.accountId),
        key: { id: auth.keyId, name: auth.keyName, roles: auth.roles },
      });
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
    getAccountNotificationDigest: async (_req: Request, res: Response) => {
      res.json({ digest: await deps.accounts.digest.get(authOf(res).accountId) });
    },
    setAccountNotificationDigest: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'setAccountNotificationDigest'>;
      res.json({
        digest: await deps.accounts.digest.set(authOf(res).accountId, {
          frequency: body.frequency,
          recipients: body.recipients,
        }),
      });
    },
    listAccountApiKeys: async (_req: Request, res: Response) => {
      res.json({ keys: await deps.accounts.listApiKeys(authOf(res).accountId) });
    },
    createAccountApiKey: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'createAccountApiKey'>;
      const key = await deps.accounts.createApiKey({
        accountId: authOf(res).accountId,
        name: body.name,
        roles: body.roles,
      });
      res.status(201).json({ key });
    },
    revokeAccountApiKey: async (req: Request, res: Response) => {
      res.json({
        key: await deps.accounts.revokeApiKey({
          accountId: authOf(res).accountId,
          keyId: param(req, 'keyId'),
        }),
      });
    },
  };
}
