import type { NotificationTemplateService } from '../../../src/notifications/notification-templates';
import assert from 'node:assert/strict';
import type { HistoryApi } from '../../../src/history/history-api';
import type { AccountService } from '../../../src/accounts/account-service';
import type { AuditService } from '../../../src/audit/audit-service';
import type { EntityApi } from '../../../src/entities/entity-api';
import { handlerMap } from '../../../src/http/build-app';
import { RouteTable } from '../../../src/http/route-table';
import { loadServedContract } from '../../../src/http/served-contract';
import type { RawDataApi } from '../../../src/rawdata/raw-data-service';
import type { ParameterApi } from '../../../src/parameters/parameter-api';
import type { QueryApi } from '../../../src/query/query-service';
import type { RuleApi } from '../../../src/rules/rule-api';
import type { AlertApi } from '../../../src/alerts/alert-api';
import type { QuestionApi } from '../../../src/questions/question-api';
import type { SubscriptionApi } from '../../../src/subscriptions/subscription-types';
import type { IntegrationApi } from '../../../src/integrations/integration-api';
import type { RuleEvaluationApi } from '../../../src/rules/evaluation/evaluation-service';
import type {
  BulkUploadApi,
  SafeSyncApi,
  SyncJobApi,
} from '../../../src/sync/jobs/job-service-contract';
import type { JobProgressApi } from '../../../src/sync/jobs/progress-streams';
import { openapiPath } from '../../../src/paths';

describe('RouteTable', () => {
  const spec = {
    security: [{ accountHeader: [], apiKey: ['read'] }],
    paths: {
      '/healthz': { get: { operationId: 'getHealth', security: [] } },
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          security: [
            { accountHeader: [], apiKey: ['read'] },
            { accountHeader: [], apiKey: ['ingest'] },
          ],
        },
        delete: {
          operationId: 'deleteThing',
          security: [{ accountHeader: [], apiKey: ['write'] }],
        },
      },
      '/admin/x': { post: { operationId: 'adminX', security: [{ adminToken: [] }] } },
    },
  };
  const table = RouteTable.fromSpec(spec);

  it('matches templates and derives access from security', () => {
    const m = table.match('GET', '/things/42');
    assert.equal(m.kind, 'found');
    assert.equal(m.kind === 'found' && m.operation.operationId, 'getThing');
    assert.equal(m.kind === 'found' && m.operation.expressPath, '/things/:id');
    const byId = new Map(table.operations.map((o) => [o.operationId, o.access]));
    assert.deepEqual(Object.fromEntries(byId), {
      getHealth: 'public',
      getThing: 'account',
      deleteThing: 'account',
      adminX: 'admin',
    });
  });

  it('reads the key roles an account operation accepts from its apiKey scopes', () => {
    const byId = new Map(table.operations.map((o) => [o.operationId, o.roles]));
    assert.deepEqual(Object.fromEntries(byId), {
      getHealth: [],
      getThing: ['read', 'ingest'],
      deleteThing: ['write'],
      adminX: [],
    });
    // The document's default security applies to an operation without its own.
    const inherited = RouteTable.fromSpec({
      security: [{ accountHeader: [], apiKey: ['admin'] }],
      paths: { '/x': { get: { operationId: 'getX' } } },
    });
    assert.deepEqual(inherited.operations[0]?.roles, ['admin']);
  });

  it('refuses (so the service does not start) an account operation without a known role', () => {
    const withSecurity = (security: unknown) => ({
      paths: { '/x': { put: { operationId: 'putX', security } } },
    });
    const cases: Array<[unknown, string]> = [
      [[{ accountHeader: [], apiKey: [] }], '[]'],
      [[{ accountHeader: [], apiKey: ['owner'] }], '["owner"]'],
      [[{ accountHeader: [], apiKey: ['read', 'write'] }], '["read","write"]'],
      [[{ accountHeader: [] }], 'null'],
      [
        [
          { accountHeader: [], apiKey: ['read'] },
          { accountHeader: [], apiKey: [] },
        ],
        '[]',
      ],
    ];
    for (const [security, shown] of cases) {
      assert.throws(
        () =>
          RouteTable.fromSpec(withSecurity(security) as Parameters<typeof RouteTable.fromSpec>[0]),
        {
          message: `openapi.yaml: operation 'putX' must name exactly one key role (ingest, read, write, admin) as the apiKey scope of each security requirement, not ${shown}`,
        },
        JSON.stringify(security),
      );
    }
    // The document's default without a role, inherited by an operation: refused too.
    assert.throws(
      () =>
        RouteTable.fromSpec({
          security: [{ accountHeader: [], apiKey: [] }],
          paths: { '/x': { get: { operationId: 'getX' } } },
        }),
      /operation 'getX' must name exactly one key role/,
    );
  });

  it('every account operation of openapi.yaml names its roles', () => {
    const real = RouteTable.fromFile(openapiPath);
    for (const op of real.operations) {
      if (op.access === 'account') assert.ok(op.roles.length > 0, op.operationId);
      else assert.deepEqual(op.roles, [], op.operationId);
    }
  });

  it("openapi.yaml's roles follow the issue's rules: read the GETs, ingest the sync jobs, write the changes, admin the keys and settings", () => {
    const real = RouteTable.fromFile(openapiPath).operations.filter((o) => o.access === 'account');
    // The account's keys and settings (issue 25's delete guard), and its audit trail (issue 23's
    // GET /audit-events).
    const ADMIN_PATHS = [
      '/account/keys',
      '/account/notification-emails',
      '/account/notification-digest',
      '/account/delete-guard',
      '/audit-events',
    ];
    const READ_POSTS = ['runQuery', 'explainQuery', 'dryRunRule', 'validateRule'];
    for (const op of real) {
      const roles = [...op.roles].sort().join(',');
      const is = (expected: string[]) =>
        assert.equal(roles, [...expected].sort().join(','), `${op.operationId} accepts ${roles}`);
      if (op.operationId === 'getCurrentAccount') is(['ingest', 'read', 'write', 'admin']);
      // What a job changed is graph data, like an entity's history (decision 0045): not a sync
      // client's to poll.
      else if (op.operationId === 'listSyncJobChanges') is(['read']);
      else if (ADMIN_PATHS.some((p) => op.path.startsWith(p))) is(['admin']);
      else if (op.path.startsWith('/persister/'))
        is(op.method === 'get' ? ['ingest', 'read'] : ['ingest']);
      else if (op.operationId === 'validateRule') is(['read', 'write']);
      else if (op.method === 'get' || READ_POSTS.includes(op.operationId)) is(['read']);
      else is(['write']);
    }
  });

  it('tells an unknown path from a known path with another method', () => {
    assert.deepEqual(table.match('GET', '/nothing'), { kind: 'none' });
    assert.deepEqual(table.match('GET', '/things/1/extra'), { kind: 'none' });
    assert.deepEqual(table.match('POST', '/things/1'), {
      kind: 'wrong-method',
      allowed: ['get', 'delete'],
    });
  });

  it('serves HEAD with the GET operation', () => {
    assert.equal(table.match('HEAD', '/healthz').kind, 'found');
  });

  it('refuses a handler map that disagrees with the spec', () => {
    assert.throws(
      () => table.assertHandlers(['getHealth', 'getThing', 'adminX', 'extraOne']),
      /operation 'deleteThing' has no handler\n {2}handler 'extraOne' matches no operation/,
    );
    table.assertHandlers(['getHealth', 'getThing', 'deleteThing', 'adminX']);
  });

  it('refuses an operation without operationId', () => {
    assert.throws(
      () => RouteTable.fromSpec({ paths: { '/x': { get: {} } } }),
      /GET \/x has no operationId/,
    );
  });

  it('reads openapi.yaml: unique operationIds, health, metrics, contract and bulk file public, admin guarded, the rest per account', () => {
    const real = RouteTable.fromFile(openapiPath);
    const ids = real.operations.map((o) => o.operationId);
    assert.equal(new Set(ids).size, ids.length);
    for (const op of real.operations) {
      const expected =
        // The bulk file PUT is public: its signed URL is the credential.
        op.path === '/healthz' ||
        op.path === '/readyz' ||
        // Metrics are public like the probes (METRICS_TOKEN, when set, is checked by the handler).
        op.path === '/metrics' ||
        // The contract and its documentation page are public.
        op.path === '/openapi.yaml' ||
        op.path === '/openapi.json' ||
        op.path === '/docs' ||
        op.path === '/docs/assets/{asset}' ||
        op.path === '/persister/synchronization/bulk-uploads/{jobId}'
          ? 'public'
          : op.path.startsWith('/admin/')
            ? 'admin'
            : 'account';
      assert.equal(op.access, expected, `${op.operationId} has access ${op.access}`);
    }
  });

  it('the real handler map and openapi.yaml agree one to one', () => {
    const handlers = handlerMap({
      accounts: {} as AccountService,
      syncJobs: {} as SyncJobApi,
      safeSync: {} as SafeSyncApi,
      bulkUploads: {} as BulkUploadApi,
      progress: {} as JobProgressApi,
      entities: {} as EntityApi,
      rawData: {} as RawDataApi,
      history: {} as HistoryApi,
      parameters: {} as ParameterApi,
      query: {} as QueryApi,
      rules: {} as RuleApi,
      alerts: {} as AlertApi,
      questions: {} as QuestionApi,
      integrations: {} as IntegrationApi,
      subscriptions: {} as SubscriptionApi,
      evaluations: {} as RuleEvaluationApi,
      notificationTemplates: {} as NotificationTemplateService,
      audit: {} as AuditService,
      readiness: { mode: 'local', pingNeo4j: () => Promise.resolve() },
      contract: loadServedContract(openapiPath),
    });
    RouteTable.fromFile(openapiPath).assertHandlers(Object.keys(handlers));
  });
});
