import type { SecretBox } from './secret-box';

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
