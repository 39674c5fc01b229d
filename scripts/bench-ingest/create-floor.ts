/**
 * The create floor: the same rows as the first DIFF written by bare `UNWIND ... CREATE`
 * statements (test/cypher/bench/floor-*.cypher), same chunk size, onto nodes of their own label.
 */
import { randomUUID } from 'node:crypto';
import { type Graph } from '../../src/graph/graph';
import {
  entity,
  entityContentHash,
  type Json,
  relationship,
  relationshipContent,
} from './graph-data';
import { type Options } from './options';
import { progress, range, secs } from './util';

export interface Stamp {
  now: number;
  jobId: string;
  accountId: string;
}

/** What the service stamps on every object a first DIFF creates. */
function created(s: Stamp): Json {
  return {
    _source: 'api',
    _beginOn: s.now,
    _deleted: false,
    _lastSyncJobId: s.jobId,
    _lastSyncOp: 'created',
  };
}

export function nodeRow(opts: Options, i: number, s: Stamp): Json {
  const { _key, _type, _class, ...properties } = entity(opts.seed, i, 0);
  return {
    ...properties,
    ...created(s),
    _accountId: s.accountId,
    _scope: 'bench-floor',
    _key,
    _type,
    _class,
    _id: randomUUID(),
    _createdOn: s.now,
    _version: 1,
    _hash: entityContentHash({ _type, _class, ...properties }),
  };
}

export function relationshipRow(opts: Options, j: number, s: Stamp): Json {
  const r = relationship(opts.seed, opts.entities, j, 0);
  const { _key, _type, _class, _fromEntityKey, _toEntityKey } = r;
  const { properties, hash } = relationshipContent(r);
  return {
    fromKey: _fromEntityKey,
    toKey: _toEntityKey,
    props: {
      ...properties,
      ...created(s),
      _type,
      _class,
      _endOn: null,
      _hash: hash,
      _fromEntityKey,
      _toEntityKey,
      _accountId: s.accountId,
      _scope: 'bench-floor',
      _key,
      _id: randomUUID(),
      _createdOn: s.now,
      _version: 1,
    },
  };
}

/**
 * Writes `total` rows in chunks with one statement; returns the time spent in the writes (not in
 * building the rows) and what the statements returned.
 */
export async function writeChunks<T extends object>(
  graph: Graph,
  statement: string,
  total: number,
  chunk: number,
  row: (index: number) => Json,
  params: Json = {},
): Promise<{ ms: number; returned: T[] }> {
  let ms = 0;
  const returned: T[] = [];
  for (let start = 0; start < total; start += chunk) {
    const rows = range(start, Math.min(total, start + chunk)).map(row);
    const t0 = performance.now();
    returned.push(...(await graph.write<T>(statement, { ...params, rows })));
    ms += performance.now() - t0;
  }
  return { ms, returned };
}

/**
 * Writes the copy (nodes labelled _BenchFloor, which the change floor then changes); the caller
 * creates the index first and removes the copy afterwards (floors.ts).
 */
export async function runCreateFloor(
  graph: Graph,
  opts: Options,
  accountId: string,
): Promise<number> {
  const n = opts.entities;
  const stamp: Stamp = { now: Date.now(), jobId: randomUUID(), accountId };
  const nodes = await writeChunks(graph, 'bench/floor-create-nodes', n, opts.chunk, (i) =>
    nodeRow(opts, i, stamp),
  );
  let writeMs = nodes.ms;
  progress(`  create floor: ${n} nodes in ${secs(writeMs)}`);
  const rels = await writeChunks(
    graph,
    'bench/floor-create-relationships',
    2 * n,
    opts.chunk,
    (j) => relationshipRow(opts, j, stamp),
  );
  writeMs += rels.ms;
  progress(`  create floor: ${n} nodes and ${2 * n} relationships in ${secs(writeMs)}`);
  return writeMs;
}
