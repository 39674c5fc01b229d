import type { Request, Response } from 'express';
import type { AccountService } from '../../accounts/account-service';
import { type HandlerMap, type JsonBody, pathParam as param } from '../handler-map';

/** Operators' API over the same AccountService the CLI uses; guarded by ADMIN_TOKEN (see auth.ts). */
export function adminHandlers(deps: { accounts: AccountService }): HandlerMap {
  const { accounts } = deps;
  return {
    adminCreateAccount: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'adminCreateAccount'>;
      res
        .status(201)
        .json({ account: await accounts.createAccount({ id: body.id, features: body.features }) });
    },
    adminListAccounts: async (_req: Request, res: Response) => {
      res.json({ accounts: await accounts.listAccounts() });
    },
    adminGetAccount: async (req: Request, res: Response) => {
      res.json({ account: await accounts.getAccount(param(req, 'accountId')) });
    },
    adminUpdateAccount: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'adminUpdateAccount'>;
      res.json({
        account: await accounts.updateAccount({
          id: param(req, 'accountId'),
          features: body.features,
          notificationEmails: body.notificationEmails,
        }),
      });
    },
    adminCreateApiKey: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'adminCreateApiKey'>;
      res.status(201).json({
        key: await accounts.createApiKey({
          accountId: param(req, 'accountId'),
          name: body?.name,
          roles: body?.roles,
        }),
      });
    },
    adminListApiKeys: async (req: Request, res: Response) => {
      res.json({ keys: await accounts.listApiKeys(param(req, 'accountId')) });
    },
    adminRevokeApiKey: async (req: Request, res: Response) => {
      res.json({
        key: await accounts.revokeApiKey({
          accountId: param(req, 'accountId'),
          keyId: param(req, 'keyId'),
        }),
      });
    },
  };
}
