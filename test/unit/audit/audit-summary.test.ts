import assert from 'node:assert/strict';
import { auditSummary } from '../../../src/audit/audit-summary';

/**
 * The audit summary (pure): each target's short description, and never a secret value (a
 * secret parameter's value, an integration's secrets, a new key's secret), whatever the request
 * and the answer hold.
 */
describe('auditSummary', () => {
  const SECRET = 'sup3r-s3cret-value';

  it('a rule: its name and version; an update adds the fields the request wrote', () => {
    const response = { rule: { id: 'r1', name: 'public-buckets', version: 3, description: 'x' } };
    assert.deepEqual(auditSummary({ target: 'rule', action: 'create', request: {}, response }), {
      name: 'public-buckets',
      version: 3,
    });
    const request = { name: 'public-buckets', version: 2, description: 'y', operations: [] };
    assert.deepEqual(auditSummary({ target: 'rule', action: 'update', request, response }), {
      name: 'public-buckets',
      version: 3,
      fields: ['description', 'name', 'operations'],
    });
  });

  it('a question: its title and version', () => {
    const response = { question: { id: 'q1', title: 'Buckets', version: 1 } };
    assert.deepEqual(
      auditSummary({ target: 'question', action: 'delete', request: undefined, response }),
      { title: 'Buckets', version: 1 },
    );
  });

  it('a secret parameter: its name and `secret: true`, never its value', () => {
    const summary = auditSummary({
      target: 'parameter',
      action: 'update',
      request: { value: SECRET, secret: true },
      response: { parameter: { name: 'token', secret: true, value: SECRET } },
    });
    assert.deepEqual(summary, { name: 'token', secret: true, fields: ['secret', 'value'] });
    assert.ok(!JSON.stringify(summary).includes(SECRET));
  });

  it('an integration: name, type and the names of its config and secret fields only', () => {
    const summary = auditSummary({
      target: 'integration',
      action: 'update',
      request: {
        name: 'Acme Jira',
        config: { baseUrl: 'https://acme.atlassian.net', email: 'a@acme.example' },
        secrets: { apiToken: SECRET },
      },
      response: {
        integration: {
          id: 'i1',
          type: 'jira',
          name: 'Acme Jira',
          config: { baseUrl: 'https://acme.atlassian.net', email: 'a@acme.example' },
          secretNames: ['apiToken'],
        },
      },
    });
    assert.deepEqual(summary, {
      name: 'Acme Jira',
      type: 'jira',
      configFields: ['baseUrl', 'email'],
      secretNames: ['apiToken'],
      fields: ['config', 'name', 'secrets'],
    });
    assert.ok(!JSON.stringify(summary).includes(SECRET));
  });

  it('a new API key: its name and roles, never its secret', () => {
    const summary = auditSummary({
      target: 'apiKey',
      action: 'create',
      request: { name: 'ci', roles: ['ingest'] },
      response: { key: { id: 'k1', name: 'ci', roles: ['ingest'], secret: `gsk_${SECRET}` } },
    });
    assert.deepEqual(summary, { name: 'ci', roles: ['ingest'] });
  });

  it('an alert dismissal: the rule and the new status', () => {
    const response = { alert: { id: 'a1', ruleId: 'r1', ruleName: 'n', status: 'DISMISSED' } };
    assert.deepEqual(auditSummary({ target: 'alert', action: 'dismiss', request: {}, response }), {
      ruleId: 'r1',
      ruleName: 'n',
      status: 'DISMISSED',
    });
  });

  it('an entity patch names the properties, never their values; a delete counts relationships', () => {
    const entity = { _id: 'e1', _key: 'host-1', _type: ['example_host'], owner: SECRET };
    const patch = auditSummary({
      target: 'entity',
      action: 'update',
      request: { properties: { owner: SECRET, legacyId: null } },
      response: { id: 'e1', entity, properties: { owner: SECRET } },
    });
    assert.deepEqual(patch, {
      entityType: ['example_host'],
      key: 'host-1',
      fields: ['legacyId', 'owner'],
    });
    assert.ok(!JSON.stringify(patch).includes(SECRET));
    const deleted = auditSummary({
      target: 'entity',
      action: 'delete',
      request: undefined,
      response: { deletedEntity: { id: 'e1', entity }, numRelationshipsDeleted: 2 },
    });
    assert.deepEqual(deleted, {
      entityType: ['example_host'],
      key: 'host-1',
      relationshipsDeleted: 2,
    });
  });

  it('an account: its features and notification emails; an update names what it set', () => {
    const response = {
      account: { id: 'acme', features: ['PUT'], notificationEmails: ['a@b.example'] },
    };
    assert.deepEqual(
      auditSummary({ target: 'account', action: 'update', request: { emails: [] }, response }),
      { features: ['PUT'], notificationEmails: ['a@b.example'], fields: ['notificationEmails'] },
    );
    assert.deepEqual(
      auditSummary({ target: 'account', action: 'create', request: { id: 'acme' }, response }),
      { features: ['PUT'], notificationEmails: ['a@b.example'] },
    );
  });

  it('odd answers give nulls and empty lists, never an exception', () => {
    assert.deepEqual(
      auditSummary({ target: 'rule', action: 'delete', request: null, response: 'text' }),
      { name: null, version: null },
    );
  });
});
