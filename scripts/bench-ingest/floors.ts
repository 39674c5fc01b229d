/**
 * The three floors of issue 26, measured against the same Neo4j as the runs, after them:
 * scan (one read of every key and hash of the scope the service wrote), create (bare
 * `UNWIND ... CREATE` of all rows, as a copy under a label of its own) and change (the scan floor
 * plus a bare `UNWIND ... MATCH ... SET` of the 10% change's rows, on that copy); and, beside
 * them, the schema floor (schema-floor.ts: the rows through the service's own create statements).
 * The copies and the floor's index are removed afterwards, whatever happens.
 */
import { type Graph } from '../../src/graph/graph';
import { runChangeWrites } from './change-floor';
import { runCreateFloor } from './create-floor';
import { type Options } from './options';
import { runScanFloor } from './scan-floor';
import { runSchemaFloor } from './schema-floor';
import { progress } from './util';

export interface Floors {
  createMs: number;
  scanMs: number;
  /** The scan floor plus the change's writes. */
  changeMs: number;
  /** The first DIFF's rows through the service's own creating statements, bare (schema-floor.ts). */
  schemaMs: number;
}

export async function runFloors(graph: Graph, opts: Options, accountId: string): Promise<Floors> {
  progress('Scan floor: one read of every key and hash of the scope...');
  const scanMs = await runScanFloor(graph, opts, accountId);
  progress('Create floor: bare UNWIND ... CREATE of the same rows...');
  await graph.autoCommit('bench/floor-index');
  await graph.autoCommit('health/await-indexes');
  try {
    const createMs = await runCreateFloor(graph, opts, accountId);
    progress('Change floor: bare UNWIND ... MATCH ... SET of the changed rows...');
    const changeMs = scanMs + (await runChangeWrites(graph, opts));
    progress("Schema floor: the same rows through the service's own create statements...");
    return { createMs, scanMs, changeMs, schemaMs: await runSchemaFloor(graph, opts, accountId) };
  } finally {
    progress('Removing the floors copy...');
    await graph.autoCommit('bench/floor-clean-up');
    await graph.autoCommit('bench/floor-drop-index');
  }
}
