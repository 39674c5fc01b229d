import { randomUUID } from 'node:crypto';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AccountService } from '../accounts/account-service';
import type { EntityApi } from '../entities/entity-api';
import type { RawDataApi } from '../rawdata/raw-data-service';
import type { ParameterApi } from '../parameters/parameter-api';
import type { QueryApi } from '../query/query-service';
import type { RuleApi } from '../rules/rule-api';
import type { AlertApi } from '../alerts/alert-api';
import type { QuestionApi } from '../questions/question-api';
import type { IntegrationApi } from '../integrations/integration-api';
import type { RuleEvaluationApi } from '../rules/evaluation/evaluation-service';
import { AppError, NotFoundError } from '../errors/app-error';
import type { ReadinessDeps } from '../health/readiness';
import { validatorApiSpec } from '../contract/validator-spec';
import { openapiPath } from '../paths';
import type { BulkUploadApi, SyncJobApi } from '../sync/jobs/job-service-contract';
import { mediaTypeOf, UPLOAD_MEDIA_TYPES } from '../sync/intake/upload-formats';
import { authenticate } from './auth';
import { checkContractBodies } from './contract-validation';
import { errorHandler } from './error-handler';
import { accountHandlers } from './handlers/account-handlers';
import { adminHandlers } from './handlers/admin-handlers';
import { entityHandlers } from './handlers/entity-handlers';
import { contractHandlers } from './handlers/contract-handlers';
import { healthHandlers } from './handlers/health-handlers';
import { parameterHandlers } from './handlers/parameter-handlers';
import { rawDataHandlers } from './handlers/raw-data-handlers';
import { queryHandlers } from './handlers/query-handlers';
import { ruleHandlers } from './handlers/rule-handlers';
import { alertHandlers } from './handlers/alert-handlers';
import { questionHandlers } from './handlers/question-handlers';
import { integrationHandlers } from './handlers/integration-handlers';
import { evaluationHandlers } from './handlers/evaluation-handlers';
import { syncHandlers } from './handlers/sync-handlers';
import { type HandlerMap, mergeHandlers } from './handler-map';
import { type Operation, RouteTable } from './route-table';
import { loadServedContract, type ServedContract } from './served-contract';
import { serviceCheckedBodies } from './service-checked-bodies';

export interface AppDeps {
  logger: Logger;
  accounts: AccountService;
  syncJobs: SyncJobApi;
  bulkUploads: BulkUploadApi;
  entities: EntityApi;
  rawData: RawDataApi;
  parameters: ParameterApi;
  query: QueryApi;
  rules: RuleApi;
  alerts: AlertApi;
  questions: QuestionApi;
  integrations: IntegrationApi;
  evaluations: RuleEvaluationApi;
  readiness: ReadinessDeps;
  adminToken: string | undefined;
  /** Body size limit, e.g. '10mb'. */
  maxBodySize: string;
  /** Validate responses against openapi.yaml too (on in tests: a drifting response is a failure). */
  validateResponses?: boolean;
}

/** Every operation's handler, by operationId. */
export function handlerMap(
  deps: Pick<
    AppDeps,
    | 'accounts'
    | 'syncJobs'
    | 'bulkUploads'
    | 'entities'
    | 'rawData'
    | 'parameters'
    | 'query'
    | 'rules'
    | 'alerts'
    | 'questions'
    | 'integrations'
    | 'evaluations'
    | 'readiness'
  > & { contract: ServedContract },
): HandlerMap {
  return mergeHandlers(
    healthHandlers({ readiness: deps.readiness }),
    contractHandlers({ contract: deps.contract }),
    accountHandlers({ accounts: deps.accounts }),
    adminHandlers({ accounts: deps.accounts }),
    syncHandlers({ syncJobs: deps.syncJobs, bulkUploads: deps.bulkUploads }),
    entityHandlers({ entities: deps.entities }),
    rawDataHandlers({ rawData: deps.rawData }),
    parameterHandlers({ parameters: deps.parameters }),
    queryHandlers({ query: deps.query }),
    ruleHandlers({ rules: deps.rules }),
    alertHandlers({ alerts: deps.alerts }),
    questionHandlers({ questions: deps.questions }),
    integrationHandlers({ integrations: deps.integrations }),
    evaluationHandlers({ evaluations: deps.evaluations }),
  );
}

/** Operations whose handler reads the request body itself, untouched by the body parsers. */
export const RAW_BODY_OPERATIONS: ReadonlySet<string> = new Set(['putSyncJobBulkFile']);

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

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
 * The HTTP edge, in order: request id and logging; match the operation in openapi.yaml (404/405);
 * authenticate per the operation (400/401/403); parse the body (413/415, malformed JSON 400;
 * CSV and YAML as text);
 * validate against openapi.yaml; run the operation's handler; render every error in one place.
 */
export function buildApp(deps: AppDeps): express.Express {
  // openapi.yaml is read and parsed once: the route table, the served contract and the validator
  // (which gets a relaxed copy) all start from this document.
  const contract = loadServedContract(openapiPath);
  const routes = RouteTable.fromSpec(
    contract.document as Parameters<typeof RouteTable.fromSpec>[0],
  );
  const handlers = handlerMap({ ...deps, contract });
  routes.assertHandlers(Object.keys(handlers));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id =
          typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err !== undefined || res.statusCode >= 500 ? 'error' : 'info',
      serializers: {
        req: (req: { id: unknown; method: unknown; url: unknown }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: unknown }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((req: Request, res: Response, next: NextFunction) => {
    const match = routes.match(req.method, req.path);
    if (match.kind === 'none') throw new NotFoundError(`No route for ${req.method} ${req.path}`);
    if (match.kind === 'wrong-method') {
      res.setHeader('Allow', match.allowed.map((m) => m.toUpperCase()).join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    res.locals.operation = match.operation;
    next();
  });

  app.use(authenticate({ accounts: deps.accounts, adminToken: deps.adminToken }));

  // A body in a media type the operation does not list is refused before it is read. JSON is
  // parsed here; CSV and YAML (the upload operations) are read as text and parsed by src/sync, so
  // that their errors can name the line. Each parser inflates gzip, deflate and br, and applies
  // the limit to the inflated size. The bulk upload file is taken as raw bytes by its own handler
  // (its own size limit, any format).
  const jsonOptions = { limit: deps.maxBodySize, type: ['application/json', 'application/*+json'] };
  const json = express.json(jsonOptions);
  // An optional body may be sent as the JSON literal null (openapi-generator's Java client does
  // for an omitted body): it reads as no body. Other lone scalars stay malformed there too.
  const optionalJson = express.json({ ...jsonOptions, strict: false });
  const text = express.text({
    limit: deps.maxBodySize,
    type: [...UPLOAD_MEDIA_TYPES.csv, ...UPLOAD_MEDIA_TYPES.yaml],
  });
  app.use(
    unlessRawBody(refuseUnlistedMediaType),
    unlessRawBody((req, res, next) =>
      ((res.locals.operation as Operation).bodyRequired ? json : optionalJson)(req, res, next),
    ),
    unlessRawBody(nullBodyIsNoBody),
    unlessRawBody(text),
  );

  // HEAD is GET without a body (RFC 9110): the route table matched it to the GET operation, and
  // the validator, which knows only the methods openapi.yaml lists, checks it as that GET.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'HEAD') {
      res.locals.head = true;
      req.method = 'GET';
    }
    next();
  });
  // The rule, question and integration bodies first get the house messages from the same
  // components (src/http/contract-validation.ts); the validator then finds them valid. It is given
  // the loaded openapi.yaml with the rule condition group's open tuple relaxed, which its Ajv
  // (strictTuples) cannot compile (src/contract/validator-spec.ts).
  app.use(checkContractBodies);
  app.use(
    OpenApiValidator.middleware({
      apiSpec: validatorApiSpec(
        contract.document as Record<string, unknown>,
      ) as unknown as ValidatorOptions['apiSpec'],
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses: deps.validateResponses === true ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: true,
    }),
  );
  app.use(serviceCheckedBodies());

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (res.locals.head === true) req.method = 'HEAD';
    next();
  });

  for (const op of routes.operations) {
    const handler = handlers[op.operationId];
    if (handler !== undefined) app[op.method](op.expressPath, handler);
  }

  app.use(errorHandler(deps.logger));
  return app;
}
