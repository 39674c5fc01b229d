import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AuthContext } from '../accounts/account-service';
import { accountHeader } from './auth';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Query parameters whose values are never logged: a signed upload URL's `signature`, and any
 * name that may carry a key, a token, a password or another secret.
 */
const SENSITIVE_PARAMETER = /sig|secret|token|key|pass|auth|credential|session|cookie/i;

/**
 * One log line per request, under its id: the caller's `X-Request-Id` when it is a plausible id,
 * a new UUID otherwise, answered in the `X-Request-Id` header. Only the method, the URL (sensitive
 * query values replaced by `[redacted]`), the status and the caller are logged (never headers
 * or bodies): `accountId` and `keyId` once the request authenticated, else the account header as
 * sent (`accountHeader`). A 5xx or an error logs at `error`.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) =>
      err !== undefined || res.statusCode >= 500 ? 'error' : 'info',
    customSuccessObject: (req, res, value: object) => ({ ...value, ...callerOf(req, res) }),
    customErrorObject: (req, res, _err, value: object) => ({ ...value, ...callerOf(req, res) }),
    serializers: {
      req: (req: { id: unknown; method: unknown; url: unknown }) => ({
        id: req.id,
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
      }),
      res: (res: { statusCode: unknown }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** Who sent the request, as far as it is known when the response ends. */
function callerOf(req: IncomingMessage, res: ServerResponse): Record<string, string> {
  const locals = (res as ServerResponse & { locals?: { auth?: AuthContext } }).locals;
  const auth = locals?.auth;
  if (auth !== undefined) return { accountId: auth.accountId, keyId: auth.keyId };
  const header = accountHeader(req as Parameters<typeof accountHeader>[0]);
  return header === undefined ? {} : { accountHeader: header.slice(0, 200) };
}

/** The URL with the value of every sensitive query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SENSITIVE_PARAMETER.test(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
