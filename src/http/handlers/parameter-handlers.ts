import type { Request, Response } from 'express';
import type { ParameterApi, ParameterRef } from '../../parameters/parameter-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * Account parameters (`/parameters`). The PUT body goes to the service as parsed JSON: openapi.yaml
 * types it for clients, and the service checks it (`x-body-checked-by: service`), every rule and
 * its message in src/parameters.
 */
export function parameterHandlers(deps: { parameters: ParameterApi }): HandlerMap {
  const { parameters } = deps;
  return {
    listParameters: async (_req: Request, res: Response) => {
      res.status(200).json({ parameters: await parameters.list(authOf(res).accountId) });
    },
    getParameter: async (req: Request, res: Response) => {
      res.status(200).json({ parameter: await parameters.get(parameterRef(req, res)) });
    },
    putParameter: async (req: Request, res: Response) => {
      const parameter = await parameters.put({ ...parameterRef(req, res), body: req.body });
      res.status(200).json({ parameter });
    },
    deleteParameter: async (req: Request, res: Response) => {
      res.status(200).json({ parameter: await parameters.delete(parameterRef(req, res)) });
    },
  };
}

function parameterRef(req: Request, res: Response): ParameterRef {
  return { accountId: authOf(res).accountId, name: pathParam(req, 'name') };
}
