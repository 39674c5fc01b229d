import assert from 'node:assert/strict';
import { auditMarkOf, auditTargetId } from '../../../src/audit/audit-mark';
import { RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';

/**
 * The `x-audit` marks of openapi.yaml: the one list of the API's audited operations, read by the
 * route table, and where each finds its target's id.
 */
describe('x-audit marks', () => {
  it('openapi.yaml marks exactly the changes the audit trail records', () => {
    const marked = RouteTable.fromFile(openapiPath)
      .operations.filter((op) => op.audit !== undefined)
      .map((op) => `${op.operationId} ${op.audit?.target} ${op.audit?.action}`)
      .sort();
    assert.deepEqual(marked, [
      'adminCreateAccount account create',
      'adminCreateApiKey apiKey create',
      'adminRevokeApiKey apiKey delete',
      'adminUpdateAccount account update',
      'createAccountApiKey apiKey create',
      'createIntegration integration create',
      'createQuestion question create',
      'createRule rule create',
      'createSubscription subscription create',
      'deleteEntity entity delete',
      'deleteIntegration integration delete',
      'deleteNotificationTemplate notificationTemplate delete',
      'deleteParameter parameter delete',
      'deleteQuestion question delete',
      'deleteRule rule delete',
      'deleteSubscription subscription delete',
      'dismissAlert alert dismiss',
      'importRule rule create',
      'patchEntity entity update',
      'putNotificationTemplate notificationTemplate update',
      'putParameter parameter update',
      'revokeAccountApiKey apiKey delete',
      'setAccountDeleteGuard account update',
      'setAccountNotificationDigest account update',
      'setAccountNotificationEmails account update',
      'updateIntegration integration update',
      'updateQuestion question update',
      'updateRule rule update',
      'updateSubscription subscription update',
    ]);
  });

  it('a malformed mark stops start-up, naming the operation', () => {
    for (const bad of [
      null,
      'rule',
      { target: 'rules', action: 'create', idFrom: 'path.ruleId' },
      { target: 'rule', action: 'upsert', idFrom: 'path.ruleId' },
      { target: 'rule', action: 'create', idFrom: 'body.id' },
      { target: 'rule', action: 'create', idFrom: 'path.ruleId', extra: 1 },
    ]) {
      assert.throws(() => auditMarkOf('createThing', bad), /x-audit of 'createThing' must be/);
    }
    assert.equal(auditMarkOf('getThing', undefined), undefined);
  });

  it('finds the target id in the path, the answer or the account', () => {
    const from = {
      params: { ruleId: 'r-1' },
      response: { rule: { id: 'r-2' }, count: 3 },
      accountId: 'acme',
    };
    assert.equal(auditTargetId('path.ruleId', from), 'r-1');
    assert.equal(auditTargetId('response.rule.id', from), 'r-2');
    assert.equal(auditTargetId('account', from), 'acme');
    assert.equal(auditTargetId('path.other', from), undefined);
    assert.equal(auditTargetId('response.count', from), undefined);
    assert.equal(auditTargetId('response.rule.id.x', from), undefined);
  });
});
