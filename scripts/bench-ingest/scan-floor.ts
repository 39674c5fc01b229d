/**
 * The scan floor: one read of every key and content hash (`_hash`) of the scope the service
 * wrote, entities and relationships, brought to this process as an incremental sync would need
 * them. It is what an unchanged re-run cannot do less than.
 */
import { type Graph } from '../../src/graph/graph';
import { type Options } from './options';
import { BENCH_SCOPE } from './runs';
import { progress, secs } from './util';

interface KeyHash {
  key: string;
  hash: string | null;
}

export async function runScanFloor(
  graph: Graph,
  opts: Options,
  accountId: string,
): Promise<number> {
  const params = { accountId, scope: BENCH_SCOPE };
  const t0 = performance.now();
  const entities = await graph.read<KeyHash>('bench/floor-scan-entities', params);
  const relationships = await graph.read<KeyHash>('bench/floor-scan-relationships', params);
  const ms = performance.now() - t0;
  // A scan that reads less than the scope would make a floor too low to compare against.
  if (entities.length !== opts.entities || relationships.length !== 2 * opts.entities) {
    throw new Error(
      `scan floor read ${entities.length} entities and ${relationships.length} relationships, ` +
        `expected ${opts.entities} and ${2 * opts.entities}`,
    );
  }
  progress(`  scan floor: ${entities.length} + ${relationships.length} keys in ${secs(ms)}`);
  return ms;
}
