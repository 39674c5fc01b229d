import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/errors/app-error';
import {
  secretNamesOf,
  validateIntegrationCreate,
  validateIntegrationUpdate,
} from '../../../src/integrations/integration-schema';

/** The per-type integration instance schemas: what is accepted, and each refusal's message. */
function refused(validate: () => unknown, message: string): void {
  assert.throws(validate, (err: unknown) => {
    assert.ok(err instanceof ValidationError, String(err));
    assert.equal(err.code, 'VALIDATION_ERROR');
    assert.equal(err.message, message);
    return true;
  });
}

const create = (body: unknown) => () => validateIntegrationCreate(body);
const SMTP_CONFIG = { host: 'smtp.example.com', port: 25, from: 'a@example.com' };
const JIRA_CONFIG = { baseUrl: 'https://acme.atlassian.net', email: 'a@acme.com' };
const STORED_JIRA = { id: 'i1', type: 'jira' as const, secretNames: ['apiToken'] };
const STORED_WEBHOOK = { id: 'w1', type: 'webhook' as const, secretNames: ['headers.X-Key'] };

describe('integration schema: validateIntegrationCreate / validateIntegrationUpdate', () => {
  it('accepts every type with its fields; config defaults to {}, read-only fields are dropped', () => {
    assert.deepEqual(
      validateIntegrationCreate({
        type: 'smtp',
        name: 'Mail',
        config: { ...SMTP_CONFIG, secure: true, from: 'Alerts <a@example.com>' },
        secrets: { username: 'u', password: 'p' },
        id: 'x',
        secretNames: ['y'],
        createdOn: 1,
        updatedOn: 2,
      }),
      {
        type: 'smtp',
        name: 'Mail',
        config: { ...SMTP_CONFIG, secure: true, from: 'Alerts <a@example.com>' },
        secrets: { username: 'u', password: 'p' },
      },
    );
    assert.deepEqual(validateIntegrationCreate({ type: 'slack', name: 'Slack' }), {
      type: 'slack',
      name: 'Slack',
      config: {},
      secrets: undefined,
    });
    assert.deepEqual(
      validateIntegrationCreate({
        type: 'aws',
        name: 'AWS',
        config: { region: 'us-gov-west-1', roleArn: 'arn:aws-us-gov:iam::123456789012:role/x' },
      }).config,
      { region: 'us-gov-west-1', roleArn: 'arn:aws-us-gov:iam::123456789012:role/x' },
    );
    assert.deepEqual(
      validateIntegrationCreate({
        type: 'webhook',
        name: 'Hook',
        config: { headers: { 'X-A': '1' } },
        secrets: { headers: {} },
      }).secrets,
      {},
    );
  });

  it('refuses what is not an instance, with the JSON pointer first', () => {
    const cases: Array<[unknown, string]> = [
      ['x', 'The integration must be an object'],
      [{}, '/type is required'],
      [{ type: 'ftp' }, '/type must be one of smtp, slack, jira, aws, webhook'],
      [{ type: 'smtp' }, '/name is required'],
      [{ type: 'smtp', name: '  ' }, '/name must not be blank'],
      [{ type: 'smtp', name: 'm' }, '/config/host is required'],
      [
        { type: 'smtp', name: 'm', config: { ...SMTP_CONFIG, port: 0 } },
        '/config/port must be >= 1',
      ],
      [
        { type: 'smtp', name: 'm', config: { ...SMTP_CONFIG, port: 25.5 } },
        '/config/port must be a whole number',
      ],
      [
        { type: 'smtp', name: 'm', config: { ...SMTP_CONFIG, from: 'nobody' } },
        '/config/from must be an email address (a@example.com or Name <a@example.com>)',
      ],
      [
        { type: 'smtp', name: 'm', config: SMTP_CONFIG, secrets: { user: 'x' } },
        '/secrets/user is not allowed: the smtp secrets are username, password',
      ],
      [
        { type: 'smtp', name: 'm', config: SMTP_CONFIG, other: 1 },
        "/other is not allowed: an integration's fields are type, name, config, secrets",
      ],
      [
        { type: 'slack', name: 's', config: { apiBaseUrl: 'http://[bad' } },
        '/config/apiBaseUrl must be an http:// or https:// URL',
      ],
      [
        { type: 'slack', name: 's', config: { apiBaseUrl: 'file:///etc/passwd' } },
        '/config/apiBaseUrl must be an http:// or https:// URL',
      ],
      [{ type: 'jira', name: 'j', config: JIRA_CONFIG }, '/secrets is required'],
      [
        {
          type: 'jira',
          name: 'j',
          config: { ...JIRA_CONFIG, email: 'x' },
          secrets: { apiToken: 't' },
        },
        '/config/email must be an email address',
      ],
      [
        { type: 'aws', name: 'a', config: { region: 'us-east-1' }, secrets: { sessionToken: 't' } },
        '/secrets/accessKeyId is required with sessionToken',
      ],
      [
        { type: 'aws', name: 'a', config: { region: 'US' } },
        '/config/region must be an AWS region such as us-east-1',
      ],
      [
        {
          type: 'aws',
          name: 'a',
          config: { region: 'us-east-1', roleArn: 'arn:aws:iam::1:role/x' },
        },
        '/config/roleArn must be an IAM role ARN (arn:aws:iam::123456789012:role/name)',
      ],
      [
        { type: 'webhook', name: 'w', config: { headers: { 'Bad Name': 'x' } } },
        '/config/headers/Bad Name is not a valid header name',
      ],
      [
        { type: 'webhook', name: 'w', config: { headers: { 'X-A': 5 } } },
        '/config/headers/X-A must be a string',
      ],
      [
        { type: 'webhook', name: 'w', config: { headers: [] } },
        '/config/headers must be an object of header values',
      ],
      [
        { type: 'webhook', name: 'w', secrets: { headers: { 'X-A': 'a\nb' } } },
        '/secrets/headers/X-A must not contain line breaks',
      ],
      [{ type: 'webhook', name: 'w', secrets: null }, '/secrets must be an object'],
    ];
    for (const [body, message] of cases) refused(create(body), message);
  });

  it('an update keeps the type, accepts it unchanged and checks headers against kept secrets', () => {
    assert.deepEqual(validateIntegrationUpdate({ name: 'J', config: JIRA_CONFIG }, STORED_JIRA), {
      type: 'jira',
      name: 'J',
      config: JIRA_CONFIG,
      secrets: undefined,
    });
    assert.equal(
      validateIntegrationUpdate({ type: 'jira', name: 'J', config: JIRA_CONFIG }, STORED_JIRA).type,
      'jira',
    );
    refused(
      () => validateIntegrationUpdate({ type: 'slack', name: 'J' }, STORED_JIRA),
      "/type cannot change: integration instance 'i1' is a jira instance",
    );
    refused(() => validateIntegrationUpdate([], STORED_JIRA), 'The integration must be an object');
    refused(
      () => validateIntegrationUpdate({ name: 'J', config: JIRA_CONFIG, secrets: {} }, STORED_JIRA),
      '/secrets/apiToken is required',
    );
    const clash =
      '/config/headers/x-key is also a secret header: a header is either in config or in secrets';
    const body = { name: 'W', config: { headers: { 'x-key': '1' } } };
    refused(() => validateIntegrationUpdate(body, STORED_WEBHOOK), clash);
    // New secrets replace the kept ones, so only they count.
    assert.deepEqual(
      validateIntegrationUpdate({ ...body, secrets: { headers: { Other: 'v' } } }, STORED_WEBHOOK)
        .secrets,
      { headers: { Other: 'v' } },
    );
  });

  it('names secrets sorted, a header as headers.<name>', () => {
    assert.deepEqual(secretNamesOf({ username: 'u', password: 'p' }), ['password', 'username']);
    assert.deepEqual(secretNamesOf({ headers: { 'X-B': '1', Authorization: '2' } }), [
      'headers.Authorization',
      'headers.X-B',
    ]);
    assert.deepEqual(secretNamesOf({}), []);
  });
});
