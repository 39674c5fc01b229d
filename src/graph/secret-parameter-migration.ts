import { openParameterValue, sealParameterValue } from '../common/sealed-parameter';
import { SecretBox } from '../common/secret-box';
import type { Graph } from './graph';

/**
 * Seals the values of secret account parameters stored in plain text (before secret values were
 * encrypted at rest, or while the server ran without INTEGRATION_SECRETS_KEY): each becomes the
 * `sealed` blob the parameter service opens (src/common/sealed-parameter.ts), and `value` is
 * removed. Runs at every start of a process that has the key (not recorded once: values stored
 * later without the key are sealed at the next start with it); with nothing left it is one read.
 * Rounds of BATCH, so that it resumes where it stopped; idempotent.
 */
const BATCH = 1_000;

interface PlainSecret {
  accountId: string;
  name: string;
  value: unknown;
}

export async function sealSecretParameters(graph: Graph, secretsKey: Buffer): Promise<number> {
  const box = new SecretBox(secretsKey);
  let sealed = 0;
  for (;;) {
    const rows = await graph.read<PlainSecret>('migrations/secret-parameters-plain', {
      limit: BATCH,
    });
    if (rows.length === 0) return sealed;
    const [written] = await graph.write<{ set: number }>('migrations/secret-parameters-seal', {
      rows: rows.map((r) => ({ ...r, sealed: sealParameterValue(box, r, r.value) })),
    });
    const set = written?.set ?? 0;
    // Nothing set: every row changed meanwhile; what is left is read at the next start.
    if (set === 0) return sealed;
    sealed += set;
  }
}

interface SealedSecret {
  accountId: string;
  name: string;
  sealed: string;
}

/**
 * Seals again with `current` the values sealed with `earlier` (the key generated in DATA_DIR
 * while INTEGRATION_SECRETS_KEY was unset), so that configuring a key later keeps every secret
 * parameter readable. Values that open with `current` already, or with neither key, are left.
 */
export async function resealSecretParameters(
  graph: Graph,
  keys: { current: Buffer; earlier: Buffer },
): Promise<number> {
  const current = new SecretBox(keys.current);
  const earlier = new SecretBox(keys.earlier);
  const rows = await graph.read<SealedSecret>('migrations/secret-parameters-sealed');
  const moved = rows.flatMap((row) => {
    if (opens(current, row)) return [];
    try {
      const value = openParameterValue(earlier, row, row.sealed);
      return [{ ...row, old: row.sealed, sealed: sealParameterValue(current, row, value) }];
    } catch {
      return [];
    }
  });
  if (moved.length === 0) return 0;
  const [written] = await graph.write<{ set: number }>('migrations/secret-parameters-reseal', {
    rows: moved.map(({ accountId, name, old, sealed }) => ({ accountId, name, old, sealed })),
  });
  return written?.set ?? 0;
}

function opens(box: SecretBox, row: SealedSecret): boolean {
  try {
    openParameterValue(box, row, row.sealed);
    return true;
  } catch {
    return false;
  }
}
