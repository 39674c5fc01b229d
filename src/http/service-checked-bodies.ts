import type { NextFunction, Request, Response } from 'express';
import type { Operation } from './route-table';

/**
 * Bodies the service checks with its own rules (`x-body-checked-by: service` on the operation in
 * openapi.yaml): sync-job uploads, whose rules depend on the job's mode and whose messages are
 * JupiterOne's (`/entities/0/_key is required`), and account parameters, whose messages point at
 * the offending list item. The contract types those bodies for clients, and the service's rules
 * refuse everything the schema refuses, each with a message that names the field and the rule.
 * So when express-openapi-validator refuses such an operation's body, its body errors give way:
 * with nothing else wrong the request goes on to the handler, whose checks answer; with other
 * errors too (a query parameter, a header), only those are answered. Placed right after the
 * validator.
 */
export function serviceCheckedBodies() {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    const op = res.locals.operation as Operation | undefined;
    const errors = validationErrors(err);
    if (op?.serviceChecksBody !== true || errors === undefined) {
      next(err);
      return;
    }
    const others = errors.filter((e) => !isBodyError(e));
    if (others.length === 0) {
      next();
      return;
    }
    (err as { errors: unknown[] }).errors = others;
    next(err);
  };
}

function validationErrors(err: unknown): Array<{ path?: unknown }> | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, errors } = err as { status?: unknown; errors?: unknown };
  return status === 400 && Array.isArray(errors) && errors.length > 0 ? errors : undefined;
}

function isBodyError(e: { path?: unknown }): boolean {
  return typeof e.path === 'string' && /^[./]?body(\/|$)/.test(e.path);
}
