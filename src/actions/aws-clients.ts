import type { OutboundDeps } from './outbound-deps';
import type { LookupFunction } from 'node:net';
import { pinnedLookup, SsrfGuard, type ResolvedAddress } from './ssrf-guard';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { ResolvedIntegration } from '../integrations/integration-api';
import { awsFailure } from './aws-errors';

/**
 * What PUBLISH_TOPIC_MESSAGE and SEND_QUEUE_MESSAGE build their AWS SDK v3 clients from: an `aws`
 * integration instance (config { region, endpoint?, roleArn?, externalId? }, secrets
 * { accessKeyId?, secretAccessKey?, sessionToken? }).
 *
 * - Without secrets the SDK's default provider chain (environment, shared files, the instance or
 *   task role of this host) signs the requests.
 * - With `roleArn` the role is assumed first (STS AssumeRole, session `graphsync-<evaluationId>`,
 *   `externalId` as ExternalId) with the instance's keys, or the default chain without them.
 * - `endpoint` replaces the AWS endpoint of every call made for the instance, STS included: it is
 *   for an SQS/SNS-compatible server (ElasticMQ, LocalStack), which then also plays STS.
 *
 * The SDK does not retry (maxAttempts 1): the handlers retry with withRetry, so a delivery's tries
 * and backoff follow OUTBOUND_ATTEMPTS and OUTBOUND_BACKOFF like every other outbound action.
 */
export interface AwsSettings {
  region: string;
  endpoint?: string;
  /** The endpoint's addresses the address guard checked: connections are pinned to them. */
  endpointAddresses?: readonly ResolvedAddress[];
  roleArn?: string;
  externalId?: string;
  credentials?: AwsKeys;
}

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The config every client of one delivery shares (SNSClient, SQSClient, STSClient). */
export interface AwsClientConfig {
  region: string;
  endpoint?: string;
  credentials?: AwsKeys | (() => Promise<AwsKeys>);
  maxAttempts: 1;
  requestHandler: {
    connectionTimeout: number;
    requestTimeout: number;
    throwOnRequestTimeout: true;
    /** Agent options (NodeHttpHandler builds the agents) pinning the endpoint's addresses. */
    httpAgent?: { lookup: LookupFunction };
    httpsAgent?: { lookup: LookupFunction };
  };
}

/** The instance's settings, refusing what cannot be used (the messages name the instance). */
export function awsSettings(resolved: ResolvedIntegration): AwsSettings {
  const { instance, secrets } = resolved;
  const at = `integration instance '${instance.id}'`;
  const text = (from: Record<string, unknown>, field: string, what: string): string | undefined => {
    const value = from[field];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`${at} has a ${what} ${field} that is not text`);
    return value;
  };
  const region = text(instance.config, 'region', 'config');
  if (region === undefined) throw new Error(`${at} has no region in its config`);
  const settings: AwsSettings = { region };
  const endpoint = text(instance.config, 'endpoint', 'config');
  const roleArn = text(instance.config, 'roleArn', 'config');
  const externalId = text(instance.config, 'externalId', 'config');
  if (endpoint !== undefined) settings.endpoint = endpoint;
  if (roleArn !== undefined) settings.roleArn = roleArn;
  if (externalId !== undefined) settings.externalId = externalId;
  const accessKeyId = text(secrets, 'accessKeyId', 'secret');
  const secretAccessKey = text(secrets, 'secretAccessKey', 'secret');
  const sessionToken = text(secrets, 'sessionToken', 'secret');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error(`${at} needs both accessKeyId and secretAccessKey secrets, or neither`);
  }
  if (accessKeyId !== undefined && secretAccessKey !== undefined) {
    settings.credentials = {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken === undefined ? {} : { sessionToken }),
    };
  }
  return settings;
}

/**
 * The client config for one delivery. `secrets` collects every credential text in play (the
 * instance's and the assumed role's) so that failure messages can leave them out.
 */
export function awsClientConfig(
  settings: AwsSettings,
  options: { evaluationId: string; timeoutMs: number; secrets: string[] },
): AwsClientConfig {
  const base = baseConfig(settings, options.timeoutMs);
  if (settings.credentials !== undefined) options.secrets.push(...keyTexts(settings.credentials));
  if (settings.roleArn === undefined) {
    return settings.credentials === undefined
      ? base
      : { ...base, credentials: settings.credentials };
  }
  return { ...base, credentials: assumedRole(settings, base, options) };
}

function baseConfig(settings: AwsSettings, timeoutMs: number): AwsClientConfig {
  const pinned =
    settings.endpointAddresses === undefined
      ? {}
      : {
          httpAgent: { lookup: pinnedLookup(settings.endpointAddresses) },
          httpsAgent: { lookup: pinnedLookup(settings.endpointAddresses) },
        };
  return {
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    maxAttempts: 1,
    // Without throwOnRequestTimeout the SDK only logs a warning when requestTimeout passes.
    requestHandler: {
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
      ...pinned,
    },
  };
}

/** The role's session name: `graphsync-<evaluationId>` within STS's characters and 64 of them. */
export function roleSessionName(evaluationId: string): string {
  return `graphsync-${evaluationId}`.replace(/[^\w+=,.@-]/g, '-').slice(0, 64);
}

/**
 * A credential provider assuming `roleArn` once for the delivery; a failed AssumeRole is not
 * remembered, so a transient one is tried again with the delivery's next try.
 */
function assumedRole(
  settings: AwsSettings & { roleArn?: string },
  base: AwsClientConfig,
  options: { evaluationId: string; timeoutMs: number; secrets: string[] },
): () => Promise<AwsKeys> {
  let assumed: AwsKeys | undefined;
  return async () => {
    if (assumed !== undefined) return assumed;
    const sts = new STSClient(
      settings.credentials === undefined ? base : { ...base, credentials: settings.credentials },
    );
    try {
      const out = await sts.send(
        new AssumeRoleCommand({
          RoleArn: settings.roleArn,
          RoleSessionName: roleSessionName(options.evaluationId),
          ...(settings.externalId === undefined ? {} : { ExternalId: settings.externalId }),
        }),
      );
      const c = out.Credentials;
      if (c?.AccessKeyId === undefined || c.SecretAccessKey === undefined) {
        throw new Error(`AssumeRole of ${String(settings.roleArn)} answered no credentials`);
      }
      assumed = {
        accessKeyId: c.AccessKeyId,
        secretAccessKey: c.SecretAccessKey,
        ...(c.SessionToken === undefined ? {} : { sessionToken: c.SessionToken }),
      };
      options.secrets.push(...keyTexts(assumed));
      return assumed;
    } catch (err) {
      throw awsFailure(err, `AssumeRole of ${String(settings.roleArn)}`, options);
    } finally {
      sts.destroy();
    }
  };
}

function keyTexts(keys: AwsKeys): string[] {
  return [keys.accessKeyId, keys.secretAccessKey, keys.sessionToken ?? ''].filter((t) => t !== '');
}

/**
 * The settings of the `aws` instance an action names. Its `endpoint` is the account's choice:
 * like outbound HTTP, it may reach only global addresses unless WEBHOOK_ALLOWLIST allows it, and
 * the SDK's connections are pinned to the checked addresses (`endpointAddresses`).
 */
export async function instanceSettings(
  deps: OutboundDeps,
  input: { accountId: string; integrationId: string; action: string },
): Promise<AwsSettings> {
  const settings = awsSettings(await deps.integrations.resolve({ ...input, type: 'aws' }));
  if (settings.endpoint !== undefined) {
    const url = new URL(settings.endpoint);
    settings.endpointAddresses = await new SsrfGuard({
      allowlist: deps.config.webhookAllowlist,
    }).check(url, input.action, `${url.protocol}//${url.host}`);
  }
  return settings;
}
