import type { Request, Response } from 'express';
import type {
  IntegrationApi,
  IntegrationRef,
  IntegrationType,
} from '../../integrations/integration-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The integration instances API. Bodies reach the service checked against openapi.yaml's
 * IntegrationCreateRequest / IntegrationUpdateRequest (with the house messages,
 * src/http/contract-validation.ts); an update without `type` is checked against the stored
 * instance's type by the service. Answers never carry secrets, only `secretNames`.
 */
export function integrationHandlers(deps: { integrations: IntegrationApi }): HandlerMap {
  const { integrations } = deps;
  return {
    createIntegration: async (req: Request, res: Response) => {
      const integration = await integrations.create({
        accountId: authOf(res).accountId,
        body: req.body,
      });
      res.status(201).json({ integration });
    },
    listIntegrations: async (req: Request, res: Response) => {
      // openapi.yaml lets only a known type through.
      const type = (req.query as Record<string, string | undefined>).type as
        IntegrationType | undefined;
      const list = await integrations.list({
        accountId: authOf(res).accountId,
        ...(type === undefined ? {} : { type }),
      });
      res.status(200).json({ integrations: list });
    },
    getIntegration: async (req: Request, res: Response) => {
      res.status(200).json({ integration: await integrations.get(integrationRef(req, res)) });
    },
    updateIntegration: async (req: Request, res: Response) => {
      const integration = await integrations.update({
        ...integrationRef(req, res),
        body: req.body,
      });
      res.status(200).json({ integration });
    },
    deleteIntegration: async (req: Request, res: Response) => {
      res.status(200).json({ integration: await integrations.delete(integrationRef(req, res)) });
    },
  };
}

function integrationRef(req: Request, res: Response): IntegrationRef {
  return { accountId: authOf(res).accountId, integrationId: pathParam(req, 'integrationId') };
}
