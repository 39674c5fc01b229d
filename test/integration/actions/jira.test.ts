import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import { createInstance, evaluateRule, httpTestApp, lastOutcome, type Body } from './http-test-app';
import { HttpTestServer } from './http-test-server';

/**
 * CREATE_TRACKER_TICKET end to end: a jira instance created with `POST /integrations`, a rule
 * evaluated over HTTP on real Neo4j, a real local HTTP server standing in for Jira Cloud's REST
 * API v3; the exact request and the outcome in the record.
 */
const API_TOKEN = 'ATATT3xFfGF0-jira-api-token';
const EMAIL = 'alerts@acme.test';
const BASIC = `Basic ${Buffer.from(`${EMAIL}:${API_TOKEN}`).toString('base64')}`;

describe('actions: CREATE_TRACKER_TICKET (HTTP, real Neo4j, real HTTP server)', () => {
  let app: express.Express;
  let jira: HttpTestServer;
  let a: TestAccount;
  let instance: string;

  before(async () => {
    app = await httpTestApp();
    jira = await HttpTestServer.start();
  });
  beforeEach(async () => {
    jira.reset({
      status: 201,
      body: { id: '10001', key: 'SEC-1', self: `${jira.url()}/rest/api/3/issue/10001` },
    });
    a = await freshAccount();
    instance = await createInstance(app, a, {
      type: 'jira',
      config: { baseUrl: `${jira.url()}/`, email: EMAIL },
      secrets: { apiToken: API_TOKEN },
    });
  });
  after(() => jira.close());

  const ticket = (fields: Body = {}): Body => ({
    type: 'CREATE_TRACKER_TICKET',
    integrationInstanceId: instance,
    entityClass: 'Finding',
    project: 'SEC',
    summary: '{{alertRuleName}}: {{queries.query0.total}} buckets',
    issueType: 'Bug',
    ...fields,
  });

  it('creates the issue with basic auth; a text description becomes an ADF doc', async () => {
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
      ticket({
        additionalFields: {
          description: 'Level {{alertLevel}}\nsee the alerts\n\nSecond paragraph',
          priority: { name: 'High' },
          labels: ['graphsync', 'buckets'],
          customfield_10010: 42,
        },
      }),
    ]);
    assert.equal(jira.received.length, 1);
    const [got] = jira.received;
    assert.equal(got!.method, 'POST');
    assert.equal(got!.path, '/rest/api/3/issue');
    assert.equal(got!.headers.authorization, BASIC);
    assert.equal(got!.headers.accept, 'application/json');
    assert.equal(got!.headers['content-type'], 'application/json');
    assert.deepEqual(got!.body, {
      fields: {
        description: {
          type: 'doc',
          version: 1,
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Level HIGH' },
                { type: 'hardBreak' },
                { type: 'text', text: 'see the alerts' },
              ],
            },
            { type: 'paragraph', content: [{ type: 'text', text: 'Second paragraph' }] },
          ],
        },
        priority: { name: 'High' },
        labels: ['graphsync', 'buckets'],
        customfield_10010: 42,
        project: { key: 'SEC' },
        summary: 'public buckets: 0 buckets',
        issuetype: { name: 'Bug' },
      },
    });
    assert.deepEqual(lastOutcome(record), {
      pointer: '/operations/0/actions/1',
      type: 'CREATE_TRACKER_TICKET',
      status: 'SUCCESS',
      target: `${jira.url()}/browse/SEC-1`,
      inputs: {
        integrationInstanceId: instance,
        entityClass: 'Finding',
        project: 'SEC',
        summary: 'public buckets: 0 buckets',
        issueType: 'Bug',
        additionalFields: {
          description: 'Level HIGH\nsee the alerts\n\nSecond paragraph',
          priority: { name: 'High' },
          labels: ['graphsync', 'buckets'],
          customfield_10010: 42,
        },
      },
      result: { key: 'SEC-1', id: '10001', self: `${jira.url()}/rest/api/3/issue/10001` },
    });
    assert.ok(!JSON.stringify(record).includes(API_TOKEN));
  });

  it('passes a doc description unchanged; the action’s project, summary and type win', async () => {
    const doc = {
      type: 'doc',
      version: 1,
      content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'H' }] }],
    };
    await evaluateRule(app, a, [
      ticket({
        summary: 'two\nlines',
        additionalFields: { description: doc, project: { key: 'OTHER' }, summary: 'no' },
      }),
    ]);
    assert.deepEqual(jira.received[0]!.body, {
      fields: {
        description: doc,
        project: { key: 'SEC' },
        summary: 'two lines',
        issuetype: { name: 'Bug' },
      },
    });
  });

  it('retries 5xx; fails at once on 400 with Jira’s errors, the token nowhere', async () => {
    jira.reply({ status: 502 }, { status: 503 });
    const retried = await evaluateRule(app, a, [ticket()]);
    assert.equal(lastOutcome(retried).status, 'SUCCESS');
    assert.equal(jira.received.length, 3);

    jira.reset();
    const errors = { errorMessages: [], errors: { issuetype: 'Specify a valid issue type' } };
    jira.reply({ status: 400, body: errors }, { status: 401, body: `token ${API_TOKEN} expired` });
    const record = await evaluateRule(app, a, [ticket(), ticket()], 'failing tickets');
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => o.error),
      [
        `POST ${jira.url('/rest/api/3/issue')} answered 400: ${JSON.stringify(errors)}`,
        `POST ${jira.url('/rest/api/3/issue')} answered 401: token [secret] expired`,
      ],
    );
    assert.equal(jira.received.length, 2);
    assert.ok(!JSON.stringify(record).includes(API_TOKEN));
  });

  it('names a wrong-type or unknown instance and bad fields exactly', async () => {
    const slack = await createInstance(app, a, {
      type: 'slack',
      config: {},
      secrets: { botToken: 'xoxb-x' },
    });
    const record = await evaluateRule(app, a, [
      ticket({ integrationInstanceId: slack }),
      ticket({ integrationInstanceId: 'nope' }),
      ticket({ summary: '{{""}}' }),
      ticket({ additionalFields: '{{[1]}}' }),
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => o.error),
      [
        `integration instance '${slack}' is a slack instance; CREATE_TRACKER_TICKET needs a jira one`,
        "integration instance 'nope' does not exist in this account",
        'CREATE_TRACKER_TICKET needs summary to be non-empty text, not ""',
        'CREATE_TRACKER_TICKET needs additionalFields to be an object, not [1]',
      ],
    );
    assert.equal(jira.received.length, 0);
  });
});
