/**
 * The schema floor: the first DIFF's rows written by the service's own creating statements
 * (`sync/create-entities`, `sync/create-relationships`), bare, in chunks, into a scope of their
 * own. The rows land where the service writes them (`:Entity`, class and type labels, every index
 * and constraint on them) with the lean creation record each statement makes (decision 0054), but
 * with none of the finalize around them: no staging read, no planning, no fence or checkpoint.
 * So the create floor and this one split the first DIFF's gap in two: schema and history cost
 * (this floor over the create floor), and the finalize's own work (the run over this floor).
 */
import { randomUUID } from 'node:crypto';
import { type Graph } from '../../src/graph/graph';
import { keyHash } from '../../src/graph/key-hash';
import { TYPE_LABEL_PATTERN } from '../../src/graph/type-labels';
import { type ChangeParams, changeParams } from '../../src/model/change-record';
import { searchText } from '../../src/model/search-text';
import { nodeRow, relationshipRow, type Stamp, writeChunks } from './create-floor';
import { type Json } from './graph-data';
import { type Options } from './options';
import { progress, secs } from './util';

const SCOPE = 'bench-schema-floor';

/** Writes the rows, removes them and their creation records, and returns the writes' time. */
export async function runSchemaFloor(
  graph: Graph,
  opts: Options,
  accountId: string,
): Promise<number> {
  const stamp: Stamp = { now: Date.now(), jobId: randomUUID(), accountId };
  const history = changeParams({ source: 'sync', jobId: stamp.jobId, at: stamp.now });
  try {
    return await write(graph, opts, stamp, history);
  } finally {
    await graph.autoCommit('bench/scope-clean-up', { accountId, scope: SCOPE });
    await graph.autoCommit('bench/job-changes-clean-up', { jobId: stamp.jobId });
  }
}

async function write(
  graph: Graph,
  opts: Options,
  stamp: Stamp,
  history: ChangeParams,
): Promise<number> {
  const n = opts.entities;
  // Each entity's _id by its key: relationship rows name their ends by _id (as the finalize
  // resolves them).
  const ids = new Map<string, string>();
  const entityRow = (i: number): Json => {
    const row: Json = { ...nodeRow(opts, i, stamp), _scope: SCOPE };
    ids.set(row._key as string, row._id as string);
    const props = { ...row, _keyHash: keyHash(row._key as string) };
    return { classes: row._class, props: { ...props, _searchText: searchText(props) } };
  };
  const nodes = await writeChunks<{ created: number }>(
    graph,
    'sync/create-entities',
    n,
    opts.chunk,
    entityRow,
    {
      typeLabelPattern: TYPE_LABEL_PATTERN,
      history,
    },
  );
  progress(`  schema floor: ${n} entities in ${secs(nodes.ms)}`);
  const idOf = (key: string): string => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`schema floor: no entity for the end ${key}`);
    return id;
  };
  const relRow = (j: number): Json => {
    const { fromKey, toKey, props } = relationshipRow(opts, j, stamp) as {
      fromKey: string;
      toKey: string;
      props: Json;
    };
    return {
      fromId: idOf(fromKey),
      toId: idOf(toKey),
      class: props._class,
      props: { ...props, _scope: SCOPE, _keyHash: keyHash(props._key as string) },
    };
  };
  const rels = await writeChunks<{ created: number }>(
    graph,
    'sync/create-relationships',
    2 * n,
    opts.chunk,
    relRow,
    {
      history,
    },
  );
  const created = (rows: Array<{ created: number }>) => rows.reduce((t, r) => t + r.created, 0);
  // A floor that wrote less than the first DIFF would be too low to compare against.
  if (created(nodes.returned) !== n || created(rels.returned) !== 2 * n) {
    throw new Error(
      `schema floor created ${created(nodes.returned)} entities and ` +
        `${created(rels.returned)} relationships, expected ${n} and ${2 * n}`,
    );
  }
  const ms = nodes.ms + rels.ms;
  progress(`  schema floor: ${n} entities and ${2 * n} relationships in ${secs(ms)}`);
  return ms;
}
