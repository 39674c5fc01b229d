import { sealParameterValue } from '../common/sealed-parameter';
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
