import assert from 'node:assert/strict';
import { dataMessage } from '../../../src/actions/aws-action-fields';
import { awsClientConfig, awsSettings, roleSessionName } from '../../../src/actions/aws-clients';
import { AwsActionError, awsFailure } from '../../../src/actions/aws-errors';
import { TransientError } from '../../../src/actions/retry';
import type { ResolvedIntegration } from '../../../src/integrations/integration-api';

/**
 * The AWS actions' pieces without a network: instance settings, client config, role session
 * names, the message body, and how SDK failures are classified and described.
 */
function resolved(
  config: Record<string, unknown>,
  secrets: Record<string, unknown> = {},
): ResolvedIntegration {
  return {
    instance: {
      id: 'aws-1',
      type: 'aws',
      name: 'a',
      config,
      secretNames: [],
      createdOn: 1,
      updatedOn: 1,
    },
    secrets,
  };
}

/** An error shaped as the SDK throws them. */
function sdkError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name }, extra);
}

const context = { secrets: ['AKIA-SECRET-KEY-ID', 'very-secret-key'], timeoutMs: 750 };

describe('actions: AWS clients and errors', () => {
  it('reads an instance: region, endpoint, role, keys; refuses what cannot be used', () => {
    assert.deepEqual(
      awsSettings(
        resolved(
          { region: 'eu-west-1', endpoint: 'http://q:9324', roleArn: 'arn:r', externalId: 'e' },
          { accessKeyId: 'k', secretAccessKey: 's', sessionToken: 't' },
        ),
      ),
      {
        region: 'eu-west-1',
        endpoint: 'http://q:9324',
        roleArn: 'arn:r',
        externalId: 'e',
        credentials: { accessKeyId: 'k', secretAccessKey: 's', sessionToken: 't' },
      },
    );
    assert.deepEqual(awsSettings(resolved({ region: 'us-east-1' })), { region: 'us-east-1' });
    assert.throws(() => awsSettings(resolved({})), {
      message: "integration instance 'aws-1' has no region in its config",
    });
    assert.throws(() => awsSettings(resolved({ region: 'us-east-1', endpoint: 3 })), {
      message: "integration instance 'aws-1' has a config endpoint that is not text",
    });
    assert.throws(() => awsSettings(resolved({ region: 'us-east-1' }, { secretAccessKey: 's' })), {
      message:
        "integration instance 'aws-1' needs both accessKeyId and secretAccessKey secrets, or neither",
    });
  });

  it('builds a client config: no SDK retries, the outbound timeout, keys or a role provider', () => {
    const secrets: string[] = [];
    const keys = { accessKeyId: 'k12', secretAccessKey: 's12' };
    assert.deepEqual(
      awsClientConfig(
        { region: 'us-east-1', credentials: keys },
        { evaluationId: 'e', timeoutMs: 1500, secrets },
      ),
      {
        region: 'us-east-1',
        maxAttempts: 1,
        requestHandler: {
          connectionTimeout: 1500,
          requestTimeout: 1500,
          throwOnRequestTimeout: true,
        },
        credentials: keys,
      },
    );
    assert.deepEqual(secrets, ['k12', 's12']);
    const none = awsClientConfig(
      { region: 'us-east-1' },
      { evaluationId: 'e', timeoutMs: 1, secrets: [] },
    );
    assert.equal('credentials' in none, false, 'the default provider chain');
    const role = awsClientConfig(
      { region: 'us-east-1', roleArn: 'arn:r' },
      { evaluationId: 'e', timeoutMs: 1, secrets: [] },
    );
    assert.equal(typeof role.credentials, 'function');
  });

  it('names the role session graphsync-<evaluationId> within STS limits', () => {
    assert.equal(
      roleSessionName('0b9e6c8e-58b5-4f5e-9a57-0c1f3f0d3d2a'),
      'graphsync-0b9e6c8e-58b5-4f5e-9a57-0c1f3f0d3d2a',
    );
    assert.equal(roleSessionName('a b/c'), 'graphsync-a-b-c');
    assert.equal(roleSessionName('x'.repeat(100)).length, 64);
  });

  it('makes the message {"data": ...} and refuses data JSON cannot carry', () => {
    assert.equal(dataMessage({ data: { a: [1, 'b'] } }, 'T'), '{"data":{"a":[1,"b"]}}');
    assert.equal(dataMessage({ data: null }, 'T'), '{"data":null}');
    assert.throws(() => dataMessage({}, 'T'), {
      message: 'T needs data to render to a JSON value, not undefined',
    });
    assert.throws(() => dataMessage({ data: NaN }, 'T'), {
      message: 'T needs data to render to a JSON value, not NaN',
    });
  });

  it('classifies failures: throttling, 5xx, 429, timeouts and sockets are transient', () => {
    const transient = [
      sdkError('ThrottlingException', 'Rate exceeded', { $metadata: { httpStatusCode: 400 } }),
      sdkError('Whatever', 'busy', { $metadata: { httpStatusCode: 503 } }),
      sdkError('Whatever', 'slow down', { $metadata: { httpStatusCode: 429 } }),
      sdkError('InternalError', 'x', { $retryable: {}, $metadata: { httpStatusCode: 400 } }),
      sdkError('TimeoutError', 'socket hang'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ];
    for (const err of transient) {
      assert.ok(awsFailure(err, 'X', context) instanceof TransientError, err.name);
    }
    const permanent = sdkError('AuthorizationErrorException', 'not allowed', {
      $metadata: { httpStatusCode: 403 },
    });
    const failure = awsFailure(permanent, 'X', context);
    assert.ok(failure instanceof AwsActionError);
    assert.equal(failure.message, 'X failed: AuthorizationErrorException: not allowed');
  });

  it('describes failures with the code and message, timeouts by the limit, credentials hidden', () => {
    assert.equal(
      awsFailure(sdkError('TimeoutError', '@smithy/node-http-handler - [ERROR] ...'), 'X', context)
        .message,
      'X failed: TimeoutError: no answer within 750 ms',
    );
    assert.equal(
      awsFailure(
        sdkError('Unknown', 'Unknown', { $metadata: { httpStatusCode: 502 } }),
        'X',
        context,
      ).message,
      'X failed: Unknown (HTTP 502)',
    );
    assert.equal(
      awsFailure(
        sdkError(
          'InvalidClientTokenId',
          'The key AKIA-SECRET-KEY-ID is not valid; very-secret-key',
        ),
        'X',
        context,
      ).message,
      'X failed: InvalidClientTokenId: The key [secret] is not valid; [secret]',
    );
    const ours = new AwsActionError('AssumeRole of r failed: AccessDenied: no');
    assert.equal(awsFailure(ours, 'X', context), ours, 'described once');
  });
});
