import type { SecretBox } from './secret-box';
import { dataDirSecret, existingDataDirSecret } from './data-dir-secret';

/**
 * How a secret account parameter's value is kept at rest (docs/security.md, "Secrets"): the value
 * as JSON, sealed with INTEGRATION_SECRETS_KEY (secret-box.ts) and bound to its account and name,
 * so a blob copied onto another parameter does not open. Shared by the parameter service (which
 * seals on write and opens for evaluation) and the start-up migration that seals the values
 * stored in plain text before (src/graph/secret-parameter-migration.ts).
 */
export function parameterAad(accountId: string, name: string): string {
  return `parameter:${accountId}:${name}`;
}

export function sealParameterValue(
  box: SecretBox,
  ref: { accountId: string; name: string },
  value: unknown,
): string {
  return box.seal(JSON.stringify(value), parameterAad(ref.accountId, ref.name));
}

/** The value a blob of sealParameterValue holds; throws SecretBoxError when it does not open. */
export function openParameterValue(
  box: SecretBox,
  ref: { accountId: string; name: string },
  blob: string,
): unknown {
  return JSON.parse(box.open(blob, parameterAad(ref.accountId, ref.name))) as unknown;
}

/** The file in DATA_DIR that keeps the generated parameter key (used without a configured one). */
export const PARAMETER_KEY_FILE = 'parameter-secrets-key';

export interface ParameterKeys {
  /** Seals every secret parameter value written, and opens them. */
  current: Buffer;
  /**
   * The generated key, when INTEGRATION_SECRETS_KEY is configured but an earlier start without it
   * generated one: values sealed with it are sealed again with `current` at start-up.
   */
  earlier?: Buffer;
}

/**
 * The keys of secret parameter values: INTEGRATION_SECRETS_KEY when configured, else a random
 * 32-byte key generated in DATA_DIR on first use (like the upload URL secret), so that a secret
 * value is never stored in plain text. Processes sharing DATA_DIR share it.
 */
export function parameterKeys(input: {
  configured: Buffer | undefined;
  dataDir: string;
}): ParameterKeys {
  if (input.configured === undefined) {
    const text = dataDirSecret({
      dataDir: input.dataDir,
      file: PARAMETER_KEY_FILE,
      bytes: 32,
      encode: (random) => random.toString('base64'),
    });
    return { current: usableKey(text, input.dataDir) };
  }
  const earlier = existingDataDirSecret(input.dataDir, PARAMETER_KEY_FILE);
  return earlier === undefined
    ? { current: input.configured }
    : { current: input.configured, earlier: usableKey(earlier, input.dataDir) };
}

function usableKey(text: string, dataDir: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error(
      `${dataDir}/${PARAMETER_KEY_FILE} holds no 32-byte key: restore it, or set INTEGRATION_SECRETS_KEY`,
    );
  return key;
}
