import { ConfigError } from '../config/config';
import type { Graph } from '../graph/graph';
import { aad } from './integration-service';
import { SecretBox, SecretBoxError } from '../common/secret-box';

interface CheckRow {
  holding: number;
  sample: { accountId: string; id: string; secrets: string } | null;
}

/**
 * The start-up check of the API and worker processes: when integration instances hold encrypted
 * secrets, INTEGRATION_SECRETS_KEY must be set, and must open them (tried on one of them). Else
 * a ConfigError naming the variable: better not to start than to fail every outbound action.
 * Without stored secrets any key, or none, passes.
 */
export async function assertSecretsReadable(graph: Graph, key: Buffer | undefined): Promise<void> {
  const [row] = await graph.read<CheckRow>('integrations/secrets-check');
  if (row === undefined || row.holding === 0 || row.sample === null) return;
  if (key === undefined) {
    throw new ConfigError([
      `INTEGRATION_SECRETS_KEY is not set, but ${row.holding} integration instance(s) hold secrets encrypted with it: set it to the key they were stored with`,
    ]);
  }
  const { accountId, id, secrets } = row.sample;
  try {
    new SecretBox(key).open(secrets, aad({ accountId, integrationId: id }));
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw new ConfigError([
      `INTEGRATION_SECRETS_KEY does not decrypt the secrets of integration instance '${id}' (account '${accountId}'): it is not the key they were stored with`,
    ]);
  }
}
