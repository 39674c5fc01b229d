import { PropertyCatalog } from '../catalog/property-catalog';
import { propertyKindPairs } from '../catalog/property-kinds';
import type { Graph } from '../graph/graph';
import { changeParams } from '../model/change-record';

/** Entities per tagging transaction. */
const CHUNK = 5000;

/**
 * TAG_ENTITIES's write: `tag.<name>` properties on the account's entities (a null value removes
 * one), their search text refreshed, the property catalog told the kinds first. Ids of other
 * accounts, or of no entity, are passed over. It fits the rule engine's EntityTagger port by its
 * shape (src/rules/evaluation/action-runner.ts): entities sit below rules and do not import them.
 */
export class GraphEntityTagger {
  constructor(private readonly deps: { graph: Graph; now?: () => number }) {}

  async tag(
    accountId: string,
    entityIds: string[],
    properties: Record<string, unknown>,
  ): Promise<number> {
    let tagged = 0;
    for (let i = 0; i < entityIds.length; i += CHUNK) {
      const ids = entityIds.slice(i, i + CHUNK);
      tagged += await this.deps.graph.writeTx(async (tx) => {
        await PropertyCatalog.recordIn(tx, accountId, propertyKindPairs([properties]));
        const [row] = await tx.run<{ tagged: number }>('entities/tag-entities', {
          accountId,
          ids,
          properties,
          history: changeParams({ source: 'rule-tag', at: (this.deps.now ?? Date.now)() }),
        });
        return Number(row?.tagged ?? 0);
      });
    }
    return tagged;
  }
}
