import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { AppError } from '../errors/app-error';
import { mediaTypeOf, UPLOAD_MEDIA_TYPES } from '../sync/intake/upload-formats';
import type { Operation } from './route-table';

/** Operations whose handler reads the request body itself, untouched by the body parsers. */
export const RAW_BODY_OPERATIONS: ReadonlySet<string> = new Set(['putSyncJobBulkFile']);

/** After the lenient parser of optional bodies: null is no body; another lone scalar is malformed. */
function nullBodyIsNoBody(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body === null) {
    req.body = undefined;
  } else if (body !== undefined && typeof body !== 'object' && req.is('json') !== false) {
    throw new AppError(
      'INVALID_JSON',
      'Malformed JSON in request body: a JSON body is an object or an array (or null for no body)',
    );
  }
  next();
}

function unlessRawBody(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (RAW_BODY_OPERATIONS.has((res.locals.operation as Operation).operationId)) return next();
    return middleware(req, res, next);
  };
}

/**
 * 415 for a Content-Type that the operation's requestBody does not list, naming the ones it
 * does. Without a Content-Type, or for an operation without a listed body, the validator decides.
 */
function refuseUnlistedMediaType(req: Request, res: Response, next: NextFunction): void {
  const accepted = (res.locals.operation as Operation).requestMediaTypes;
  const contentType = req.get('Content-Type');
  if (accepted.length === 0 || contentType === undefined) return next();
  const type = mediaTypeOf(contentType);
  const listed = accepted.some(
    (a) => a === type || a === '*/*' || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))),
  );
  if (!listed) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Unsupported Content-Type: ${type} (accepted: ${accepted.join(', ')})`,
    );
  }
  next();
}

/**
 * The body parsers, in order. A body in a media type the operation does not list is refused
 * before it is read. JSON is parsed here; CSV and YAML (the upload operations) are read as text
 * and parsed by src/sync, so that their errors can name the line. Each parser inflates gzip,
 * deflate and br, and applies the limit to the inflated size. The bulk upload file is taken as
 * raw bytes by its own handler (its own size limit, any format).
 */
export function bodyParsers(maxBodySize: string): RequestHandler[] {
  const jsonOptions = { limit: maxBodySize, type: ['application/json', 'application/*+json'] };
  const json = express.json(jsonOptions);
  // An optional body may be sent as the JSON literal null (openapi-generator's Java client does
  // for an omitted body): it reads as no body. Other lone scalars stay malformed there too.
  const optionalJson = express.json({ ...jsonOptions, strict: false });
  const text = express.text({
    limit: maxBodySize,
    type: [...UPLOAD_MEDIA_TYPES.csv, ...UPLOAD_MEDIA_TYPES.yaml],
  });
  return [
    unlessRawBody(refuseUnlistedMediaType),
    unlessRawBody((req, res, next) =>
      ((res.locals.operation as Operation).bodyRequired ? json : optionalJson)(req, res, next),
    ),
    unlessRawBody(nullBodyIsNoBody),
    unlessRawBody(text),
  ];
}
