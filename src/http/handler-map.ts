import type { Request, Response } from 'express';
import type { operations } from '../generated/openapi';

/** operationId -> handler. Handlers are thin adapters: read req, call one service, shape res. */
export type Handler = (req: Request, res: Response) => void | Promise<void>;
export type HandlerMap = Record<string, Handler>;

/** Merges handler groups; an operationId defined twice is a start-up error. */
export function mergeHandlers(...groups: HandlerMap[]): HandlerMap {
  const out: HandlerMap = {};
  for (const group of groups) {
    for (const [id, handler] of Object.entries(group)) {
      if (id in out) throw new Error(`Two handlers for operation '${id}'`);
      out[id] = handler;
    }
  }
  return out;
}

/**
 * The JSON request body of operation `Op` as openapi.yaml declares it (the generated
 * `operations[Op]['requestBody']`), or `undefined` when the body is optional: what a handler of a
 * body express-openapi-validator checks reads from `req.body`, the schema's defaults applied. Not
 * for `x-body-checked-by: service` bodies, which reach the handler unchecked (they stay `unknown`).
 */
export type JsonBody<Op extends keyof operations> = JsonContent<operations[Op]['requestBody']>;

type JsonContent<RequestBody> = [NonNullable<RequestBody>] extends [never]
  ? never
  : NonNullable<RequestBody> extends { content: { 'application/json': infer Body } }
    ? Body | (undefined extends RequestBody ? undefined : never)
    : never;

/** A path parameter the route declares (express-openapi-validator has checked it already). */
export function pathParam(req: Request, name: string): string {
  const value = req.params[name];
  if (typeof value !== 'string') throw new Error(`Route has no path parameter '${name}'`);
  return value;
}
