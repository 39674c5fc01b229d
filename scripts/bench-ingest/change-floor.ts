/**
 * The write half of the change floor: the 10% change's new values (lastSeenOn and the new content
 * hash) set by bare `UNWIND ... MATCH ... SET` statements on the create floor's copy, never on the
 * service's scope. The change floor is the scan floor plus this.
 */
import { type Graph } from '../../src/graph/graph';
import { writeChunks } from './create-floor';
import {
  changed,
  countChanged,
  entity,
  entityContentHash,
  type Json,
  lastSeenOn,
  relationship,
  relationshipContent,
} from './graph-data';
import { type Options } from './options';
import { progress, secs } from './util';

function nodeChange(opts: Options, i: number): Json {
  const e = entity(opts.seed, i, 1);
  return { key: e._key, lastSeenOn: lastSeenOn(1), hash: entityContentHash(e) };
}

function relationshipChange(opts: Options, j: number): Json {
  const r = relationship(opts.seed, opts.entities, j, 1);
  const { hash } = relationshipContent(r);
  return { fromKey: r._fromEntityKey, key: r._key, lastSeenOn: lastSeenOn(1), hash };
}

/** Indexes 0, 10, 20, ... below total: the rows the 10% change run changes. */
function changedIndexes(total: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < total; i++) if (changed(i)) out.push(i);
  return out;
}

export async function runChangeWrites(graph: Graph, opts: Options): Promise<number> {
  const nodes = changedIndexes(opts.entities);
  const rels = changedIndexes(2 * opts.entities);
  type Updated = { updated: number };
  const n1 = await writeChunks<Updated>(
    graph,
    'bench/floor-change-nodes',
    nodes.length,
    opts.chunk,
    (k) => nodeChange(opts, nodes[k]!),
  );
  const r1 = await writeChunks<Updated>(
    graph,
    'bench/floor-change-relationships',
    rels.length,
    opts.chunk,
    (k) => relationshipChange(opts, rels[k]!),
  );
  const ms = n1.ms + r1.ms;
  const updated = [...n1.returned, ...r1.returned].reduce((sum, r) => sum + r.updated, 0);
  const want = countChanged(opts.entities) + countChanged(2 * opts.entities);
  if (updated !== want) throw new Error(`change floor updated ${updated} rows, expected ${want}`);
  progress(`  change floor: ${updated} rows set in ${secs(ms)}`);
  return ms;
}
