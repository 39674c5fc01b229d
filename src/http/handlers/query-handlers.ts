import type { Request, Response } from 'express';
import type { QueryApi } from '../../query/query-service';
import { authOf } from '../auth';
import type { HandlerMap, JsonBody } from '../handler-map';

/** POST /query, /query/explain (openapi.yaml has checked the body's shape), GET /query/vocabulary. */
export function queryHandlers(deps: { query: QueryApi }): HandlerMap {
  const { query } = deps;
  return {
    runQuery: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'runQuery'>;
      const result = await query.run({
        accountId: authOf(res).accountId,
        query: body.query,
        includeDeleted: body.includeDeleted,
        asOf: body.asOf,
        limit: body.limit,
        cursor: body.cursor,
      });
      res.status(200).json(result);
    },
    explainQuery: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'explainQuery'>;
      const result = await query.explain({
        accountId: authOf(res).accountId,
        query: body.query,
        includeDeleted: body.includeDeleted,
        asOf: body.asOf,
      });
      res.status(200).json(result);
    },
    getQueryVocabulary: async (_req: Request, res: Response) => {
      res.status(200).json(await query.vocabulary(authOf(res).accountId));
    },
  };
}
