import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AuthContext } from '../accounts/account-service';
import { auditRecordOf } from '../audit/audit-change';
import { type AuditMark, auditTargetId } from '../audit/audit-mark';
import type { AuditRecorder } from '../audit/audit-service';
import type { AuditActor } from '../audit/audit-types';
import type { Operation } from './route-table';

/**
 * Records the audit event of every successful change (docs/security.md, "Audit trail"). The
 * operations are those openapi.yaml marks with `x-audit` (read into `operation.audit`); handlers
 * know nothing of it. After authentication, it wraps `res.json` of a marked operation: a 2xx
 * answer is recorded, then sent, so that a client that has its answer finds the event; a 4xx or
 * 5xx records nothing. When recording fails the change has happened already: the answer is sent
 * as it is and the failure logged at `error` (a 5xx would make a client repeat a creation).
 */
export function auditTrail(deps: { audit: AuditRecorder; logger: Logger }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const operation = res.locals.operation as Operation;
    const mark = operation.audit;
    if (mark !== undefined) {
      const send = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode < 200 || res.statusCode >= 300) return send(body);
        // record() logs its own failure; the answer is sent either way.
        record(deps, { req, res, operation, mark, body })
          .catch(() => undefined)
          .then(() => send(body))
          .catch((err: unknown) => deps.logger.error({ err }, 'could not send an answer'));
        return res;
      };
    }
    next();
  };
}

async function record(
  deps: { audit: AuditRecorder; logger: Logger },
  at: { req: Request; res: Response; operation: Operation; mark: AuditMark; body: unknown },
): Promise<void> {
  const { req, res, operation, mark, body } = at;
  const params = req.params as Record<string, string>;
  const auth = res.locals.auth as AuthContext | undefined;
  const requestId = typeof req.id === 'string' ? req.id : null;
  try {
    const accountId = auth?.accountId ?? params.accountId ?? createdAccountId(mark, body);
    const event =
      accountId === undefined
        ? undefined
        : auditRecordOf({
            mark,
            operation: operation.operationId,
            actor: actorOf(auth),
            accountId,
            params,
            request: req.body,
            response: body,
            requestId,
          });
    if (event === undefined) throw new Error('the change names no account or target id');
    await deps.audit.record(event);
  } catch (err) {
    deps.logger.error(
      { err, operationId: operation.operationId, requestId },
      'could not record the audit event of a change',
    );
    throw err;
  }
}

/** An account API key, or the admin API (ADMIN_TOKEN). */
function actorOf(auth: AuthContext | undefined): AuditActor {
  return auth === undefined
    ? { type: 'admin' }
    : { type: 'apiKey', keyId: auth.keyId, keyName: auth.keyName };
}

/** The admin API's account creation: the account is the target, named in the answer. */
function createdAccountId(mark: AuditMark, body: unknown): string | undefined {
  return mark.target === 'account'
    ? auditTargetId(mark.idFrom, { params: {}, response: body, accountId: '' })
    : undefined;
}
