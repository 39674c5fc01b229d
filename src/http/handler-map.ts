import type { Request, Response } from 'express';

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

/** A path parameter the route declares (express-openapi-validator has checked it already). */
export function pathParam(req: Request, name: string): string {
  const value = req.params[name];
  if (typeof value !== 'string') throw new Error(`Route has no path parameter '${name}'`);
  return value;
}
