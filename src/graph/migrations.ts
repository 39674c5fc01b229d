import { TYPE_LABEL_PATTERN } from './type-labels';
import type { Graph } from './graph';
import { addKeyHashes } from './key-hash-migration';
import { resealSecretParameters, sealSecretParameters } from './secret-parameter-migration';

/**
 * Data migrations of the graph model (decision 0034), run by applySchema after the constraints
 * and indexes, at every start of a process that owns the database. Each is idempotent:
 * - renames of graphsync's own relationship types to `_`-prefixed ones run every time (with
 *   nothing left to rename, each is one lookup of an empty relationship type);
 * - one-off passes over the graph run once and are recorded as `:_Migration` nodes: type labels
 *   (decision 0034) and key digests (decision 0035);
 * - with a secrets key, the values of secret parameters still in plain text are sealed every time
 *   (docs/security.md, "Secrets"): values stored while the key was unset are sealed once it is set.
 * Two processes starting together may both run one; a rename that loses the race (a relationship
 * the other one already moved) is run again.
 */
const RENAMES = ['migrations/rename-has-api-key', 'migrations/rename-has-event'];

const ONCE: ReadonlyArray<{ name: string; run: (graph: Graph) => Promise<void> }> = [
  {
    name: 'entity-type-labels',
    run: (graph) =>
      withRetry(() =>
        graph.autoCommit('migrations/add-entity-type-labels', {
          typeLabelPattern: TYPE_LABEL_PATTERN,
        }),
      ),
  },
  // Decision 0035: keys are indexed by their digest; objects written before get it.
  { name: 'key-hashes', run: addKeyHashes },
];

const ATTEMPTS = 3;

export interface MigrationOptions {
  /**
   * The key of secret parameter values (src/common/sealed-parameter.ts, parameterKeys): seals
   * values stored in plain text.
   */
  secretsKey?: Buffer | undefined;
  /** The DATA_DIR key used before INTEGRATION_SECRETS_KEY was set: its values are sealed again. */
  earlierSecretsKey?: Buffer | undefined;
}

export async function applyMigrations(graph: Graph, options: MigrationOptions = {}): Promise<void> {
  for (const name of RENAMES) await withRetry(() => graph.autoCommit(name));
  const done = new Set(
    (await graph.read<{ name: string }>('migrations/list-done')).map((r) => r.name),
  );
  for (const m of ONCE) {
    if (done.has(m.name)) continue;
    await m.run(graph);
    await graph.write('migrations/record-done', { name: m.name, now: Date.now() });
  }
  if (options.secretsKey === undefined) return;
  await sealSecretParameters(graph, options.secretsKey);
  if (options.earlierSecretsKey !== undefined)
    await resealSecretParameters(graph, {
      current: options.secretsKey,
      earlier: options.earlierSecretsKey,
    });
}

async function withRetry(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
    }
  }
}
