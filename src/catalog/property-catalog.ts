import { ConflictError } from '../errors/app-error';
import type { Graph, Tx } from '../graph/graph';
import { pairKey, type PropertyKind, type PropertyKindPair } from './property-kinds';

/**
 * The property catalog of each account (decision 0014): which kinds of value
 * ('string', 'number', 'boolean', 'list') each property of its entities and relationships has
 * ever held, system properties included (not the hidden bookkeeping). Stored as
 * `:_PropertyKind {accountId, name, kind}` nodes, one per pair, unique; it only grows. The query
 * compiler reads it to compare plainly where a property never held a list. Writers (finalize,
 * entity PATCH) record the pairs of what they write, before or with the write, so that the
 * catalog may over-report after a failed write but never under-reports a stored value.
 */
export class PropertyCatalog {
  private readonly graph: Graph;

  constructor(deps: { graph: Graph }) {
    this.graph = deps.graph;
  }

  /** Every property of the account with the kinds of value it has held. */
  async kinds(accountId: string): Promise<Map<string, Set<PropertyKind>>> {
    const rows = await this.graph.read<{ name: string; kind: PropertyKind }>(
      'catalog/list-property-kinds',
      { accountId },
    );
    const out = new Map<string, Set<PropertyKind>>();
    for (const { name, kind } of rows) {
      const kinds = out.get(name) ?? new Set<PropertyKind>();
      kinds.add(kind);
      out.set(name, kinds);
    }
    return out;
  }

  /** The names of the account's properties that have ever held a list. */
  async listProperties(accountId: string): Promise<Set<string>> {
    const names = new Set<string>();
    for (const [name, kinds] of await this.kinds(accountId)) if (kinds.has('list')) names.add(name);
    return names;
  }

  /**
   * Records the pairs in a transaction of their own. MERGE under the unique constraint is safe
   * against concurrent writers; should a constraint race still fail it, the retry finds the entry.
   */
  async record(accountId: string, pairs: readonly PropertyKindPair[]): Promise<void> {
    if (pairs.length === 0) return;
    const params = { accountId, pairs };
    try {
      await this.graph.write('catalog/record-property-kinds', params);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      await this.graph.write('catalog/record-property-kinds', params);
    }
  }

  /** Records the pairs within the caller's transaction (a short one: entries stay locked in it). */
  static async recordIn(
    tx: Tx,
    accountId: string,
    pairs: readonly PropertyKindPair[],
  ): Promise<void> {
    if (pairs.length > 0) await tx.run('catalog/record-property-kinds', { accountId, pairs });
  }

  /** A recorder for one finalization: it writes each pair once, however many chunks carry it. */
  recorder(accountId: string): PropertyCatalogRecorder {
    return new PropertyCatalogRecorder(this, accountId);
  }
}

/** Records the pairs one run writes, skipping those it already recorded (in memory). */
export class PropertyCatalogRecorder {
  private readonly recorded = new Set<string>();

  constructor(
    private readonly catalog: PropertyCatalog,
    private readonly accountId: string,
  ) {}

  /** Records the pairs not yet recorded by this run: one statement, or none when all were. */
  async record(pairs: readonly PropertyKindPair[]): Promise<void> {
    const fresh = pairs.filter((p) => !this.recorded.has(pairKey(p)));
    if (fresh.length === 0) return;
    await this.catalog.record(this.accountId, fresh);
    for (const p of fresh) this.recorded.add(pairKey(p));
  }
}
