import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service';
import type { HistoryApi } from '../history/history-api';
import type { AuditApi, AuditRecorder } from '../audit/audit-service';
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
import { consoleDir, openapiPath } from '../paths';
import type { BulkUploadApi, SafeSyncApi, SyncJobApi } from '../sync/jobs/job-service-contract';
import type { JobProgressApi } from '../sync/jobs/progress-streams';
import { auditTrail } from './audit-trail';
import { consoleSite } from './console-site';
import { authenticate } from './auth';
import { bodyParsers } from './body-parsing';
import { checkContractBodies } from './contract-validation';
import { errorHandler } from './error-handler';
import { accountHandlers } from './handlers/account-handlers';
import { auditHandlers } from './handlers/audit-handlers';
import { historyHandlers } from './handlers/history-handlers';
import { adminHandlers } from './handlers/admin-handlers';
import { entityHandlers } from './handlers/entity-handlers';
import { contractHandlers } from './handlers/contract-handlers';
import { healthHandlers } from './handlers/health-handlers';
import { metricsHandlers } from './handlers/metrics-handlers';
import type { NotificationTemplateService } from '../notifications/notification-templates';
import { notificationHandlers } from './handlers/notification-handlers';
import { parameterHandlers } from './handlers/parameter-handlers';
import { rawDataHandlers } from './handlers/raw-data-handlers';
import { queryHandlers } from './handlers/query-handlers';
import { ruleHandlers } from './handlers/rule-handlers';
import { alertHandlers } from './handlers/alert-handlers';
import { questionHandlers } from './handlers/question-handlers';
import { integrationHandlers } from './handlers/integration-handlers';
import { subscriptionHandlers } from './handlers/subscription-handlers';
import type { SubscriptionApi } from '../subscriptions/subscription-types';
import { evaluationHandlers } from './handlers/evaluation-handlers';
import { syncHandlers } from './handlers/sync-handlers';
import { safeSyncHandlers } from './handlers/safe-sync-handlers';
import { progressHandlers } from './handlers/progress-handlers';
import { type HandlerMap, mergeHandlers } from './handler-map';
import { RouteTable } from './route-table';
import { accountConcurrency } from './concurrency';
import {
  authFailureLimits,
  type LimitSettings,
  type RateLimiterFactory,
  requestRateLimits,
} from './rate-limits';
import { requestLogging } from './request-log';
import { requestTelemetry } from './request-telemetry';
import { loadServedContract, type ServedContract } from './served-contract';
import { serviceCheckedBodies } from './service-checked-bodies';

export interface AppDeps {
  logger: Logger;
  accounts: AccountService;
  syncJobs: SyncJobApi;
  /** The finalize preview and the account's delete guard. */
  safeSync: SafeSyncApi;
  bulkUploads: BulkUploadApi;
  /** Job progress streams (server-sent events). */
  progress: JobProgressApi;
  entities: EntityApi;
  rawData: RawDataApi;
  /** The change history (GET /entities/{id}/history, GET /persister/.../jobs/{id}/changes). */
  history: HistoryApi;
  parameters: ParameterApi;
  query: QueryApi;
  rules: RuleApi;
  alerts: AlertApi;
  questions: QuestionApi;
  integrations: IntegrationApi;
  /** Subscriptions to change events and their delivery logs. */
  subscriptions: SubscriptionApi;
  evaluations: RuleEvaluationApi;
  /** Notification layouts (`/notification-templates`). */
  notificationTemplates: NotificationTemplateService;
  /** The audit trail: recorded by the edge (x-audit), listed by GET /audit-events. */
  audit: AuditApi & AuditRecorder;
  readiness: ReadinessDeps;
  adminToken: string | undefined;
  /** Set: GET /metrics needs it as a bearer token (METRICS_TOKEN). */
  metricsToken?: string | undefined;
  /** Body size limit, e.g. '10mb'. */
  maxBodySize: string;
  /** Rate limits, failed authentications and concurrency (docs/security.md, "Limits"). */
  limits: LimitSettings;
  /** Where the rate limits count: this process, or Redis in queue mode (the runtime's choice). */
  rateLimiters: RateLimiterFactory;
  /** Where the built web console is (dist/console); served at /console, outside the contract. */
  consoleDir?: string;
  /** Validate responses against openapi.yaml too (on in tests: a drifting response is a failure). */
  validateResponses?: boolean;
}

/** Every operation's handler, by operationId. */
export function handlerMap(
  deps: Pick<
    AppDeps,
    | 'accounts'
    | 'syncJobs'
    | 'safeSync'
    | 'bulkUploads'
    | 'progress'
    | 'entities'
    | 'rawData'
    | 'history'
    | 'parameters'
    | 'query'
    | 'rules'
    | 'alerts'
    | 'questions'
    | 'integrations'
    | 'subscriptions'
    | 'evaluations'
    | 'notificationTemplates'
    | 'audit'
    | 'readiness'
    | 'metricsToken'
  > & { contract: ServedContract },
): HandlerMap {
  return mergeHandlers(
    healthHandlers({ readiness: deps.readiness }),
    metricsHandlers({ metricsToken: deps.metricsToken }),
    contractHandlers({ contract: deps.contract }),
    accountHandlers({ accounts: deps.accounts }),
    adminHandlers({ accounts: deps.accounts }),
    syncHandlers({ syncJobs: deps.syncJobs, bulkUploads: deps.bulkUploads }),
    safeSyncHandlers({ safeSync: deps.safeSync }),
    progressHandlers({ progress: deps.progress }),
    entityHandlers({ entities: deps.entities }),
    rawDataHandlers({ rawData: deps.rawData }),
    historyHandlers({ history: deps.history }),
    parameterHandlers({ parameters: deps.parameters }),
    notificationHandlers({ notificationTemplates: deps.notificationTemplates }),
    queryHandlers({ query: deps.query }),
    ruleHandlers({ rules: deps.rules }),
    alertHandlers({ alerts: deps.alerts }),
    questionHandlers({ questions: deps.questions }),
    integrationHandlers({ integrations: deps.integrations }),
    subscriptionHandlers({ subscriptions: deps.subscriptions }),
    evaluationHandlers({ evaluations: deps.evaluations }),
    auditHandlers({ audit: deps.audit }),
  );
}

/**
 * The HTTP edge, in order: request id and logging; match the operation in openapi.yaml (404/405);
 * authenticate per the operation (400/401/403; 429 past AUTH_FAILURE_LIMIT failures); the rate
 * limits per key and account, and the account's concurrent queries (429); record the audit event
 * of a change once it succeeds (x-audit); parse the body (413/415, malformed JSON 400;
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
  app.use(requestLogging(deps.logger));
  app.use(requestTelemetry());
  app.use('/console', consoleSite(deps.consoleDir ?? consoleDir));
  app.use(matchOperation(routes));
  const limits = { limits: deps.limits, limiters: deps.rateLimiters };
  const authentication = authenticate({ accounts: deps.accounts, adminToken: deps.adminToken });
  app.use(authFailureLimits(limits, authentication));
  app.use(requestRateLimits(limits));
  app.use(accountConcurrency(deps.limits.concurrentPerAccount));
  app.use(auditTrail({ audit: deps.audit, logger: deps.logger }));
  app.use(...bodyParsers(deps.maxBodySize));
  app.use(headAsGet, ...validation(contract, deps.validateResponses === true), headRestored);
  for (const op of routes.operations) {
    const handler = handlers[op.operationId];
    if (handler !== undefined) app[op.method](op.expressPath, handler);
  }
  app.use(errorHandler(deps.logger));
  return app;
}

/** The operation of openapi.yaml the request is for (in `res.locals.operation`), or 404 / 405. */
function matchOperation(routes: RouteTable): RequestHandler {
  return (req, res, next) => {
    const match = routes.match(req.method, req.path);
    if (match.kind === 'none') throw new NotFoundError(`No route for ${req.method} ${req.path}`);
    if (match.kind === 'wrong-method') {
      res.setHeader('Allow', match.allowed.map((m) => m.toUpperCase()).join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    res.locals.operation = match.operation;
    next();
  };
}

/**
 * The request checked against openapi.yaml. The rule, question and integration bodies first get
 * the house messages from the same components (src/http/contract-validation.ts); the validator
 * then finds them valid. It is given the loaded openapi.yaml with the rule condition group's open
 * tuple relaxed, which its Ajv (strictTuples) cannot compile (src/contract/validator-spec.ts).
 * Bodies the service checks itself come last (src/http/service-checked-bodies.ts).
 */
function validation(
  contract: ServedContract,
  validateResponses: boolean,
): Array<RequestHandler | ErrorRequestHandler> {
  return [
    checkContractBodies,
    ...OpenApiValidator.middleware({
      apiSpec: validatorApiSpec(
        contract.document as Record<string, unknown>,
      ) as unknown as ValidatorOptions['apiSpec'],
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses: validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: true,
    }),
    serviceCheckedBodies(),
  ];
}

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

// HEAD is GET without a body (RFC 9110): the route table matched it to the GET operation, and
// the validator, which knows only the methods openapi.yaml lists, checks it as that GET.
function headAsGet(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'HEAD') {
    res.locals.head = true;
    req.method = 'GET';
  }
  next();
}

function headRestored(req: Request, res: Response, next: NextFunction): void {
  if (res.locals.head === true) req.method = 'HEAD';
  next();
}
