/**
 * `npm run bench:ingest`: the ingest benchmark of issues 3 and 26 (not a test).
 *
 * Generates a deterministic graph of N entities (20 types, ~10 properties) and 2N relationships,
 * pushes it through the real API (a child process) in batches, and, after a warm-up (warm-up.ts;
 * --cold leaves it out), times three DIFF jobs on one scope: the first (everything created), an
 * unchanged re-run, and a 10% change. Then, against the same Neo4j, times three floors
 * (floors.ts): create, scan and change, and beside them the schema floor (schema-floor.ts: our
 * own create statements, bare). Prints the table of issue
 * 26's targets, as ratios to the floors (report.ts), writes them as JSON with --json FILE, and
 * exits 1 when a job's counters are not exactly the expected ones. --peer also times
 * `j1-integration neo4j push` of the same graph (peer.ts); --sdk-shape uploads as the JupiterOne
 * SDK does; --s3 keeps the service's blobs in a local S3Mock; --timings prints each run's finalize
 * phases and slowest statements (timings.ts); --cpu-prof DIR keeps V8 profiles of both processes.
 *
 * By default it runs in queue mode (REDIS_URL, default redis://127.0.0.1:6379, with a unique queue
 * prefix and a `graphsync worker` child), so the API's and the worker's peak RSS are separate;
 * `--local` finalizes inside the API instead. A Neo4j of its own is started in a temporary
 * directory unless NEO4J_URI is set.
 *
 *   npm run bench:ingest -- --entities 5000 --batch 1000 --concurrency 4 [--local] [--source]
 *                           [--json FILE] [--sdk-shape] [--peer] [--s3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { Graph } from '../../src/graph/graph';
import { type LocalNeo4j, startLocalNeo4j } from '../../tools/neo4j-local';
import { testCypherRoots } from '../../test/helpers/cypher-roots';
import { checkCounters } from './counters';
import { runFloors } from './floors';
import { changed } from './graph-data';
import { writeJson } from './json-file';
import { ENV, type Options, parseOptions } from './options';
import { ourEndToEnd, runPeer } from './peer';
import { warmUp } from './warm-up';
import { printReport } from './report';
import { type Results } from './results';
import { type RunResult, runDiff } from './runs';
import { s3BlobStore } from './s3';
import { type Service, startService } from './service';
import { printTimings, scrapeTimings } from './timings';
import { progress } from './util';

async function neo4jUri(opts: Options, work: string): Promise<[string, LocalNeo4j | undefined]> {
  const uri = ENV.NEO4J_URI;
  if (uri !== undefined && uri !== '') return [uri, undefined];
  const neo4j = await startLocalNeo4j({
    homeDir: path.join(work, 'neo4j'),
    port: 0,
    heap: opts.heap,
    pagecache: opts.pagecache,
    log: (line) => progress(`[neo4j] ${line}`),
  });
  return [neo4j.uri, neo4j];
}

function connect(uri: string): Graph {
  return Graph.connect(
    {
      uri,
      user: ENV.NEO4J_USER,
      password: ENV.NEO4J_PASSWORD,
      database: ENV.NEO4J_DATABASE ?? 'neo4j',
    },
    CypherRegistry.load(...testCypherRoots),
  );
}

/**
 * The warm-up (warm-up.ts, unless --cold); with --peer, the peer (on the database as the bench
 * found it: the warm-up removes what it wrote); then the three runs of one scope, the floors
 * against the same Neo4j, and our end to end at the peer's N.
 */
async function measure(
  opts: Options,
  graph: Graph,
  service: Service,
  uri: string,
  work: string,
): Promise<Results> {
  const { client, tick } = service;
  if (!opts.cold) await warmUp(opts, graph, service);
  const peerTiming = opts.peer ? await runPeer(opts, graph, uri, work) : undefined;
  const run = async (label: string, variantOf: (i: number) => 0 | 1): Promise<RunResult> => {
    const url = service.metricsUrl;
    const before = url === undefined ? undefined : await scrapeTimings(url);
    const result = await runDiff(client, opts, label, variantOf, tick);
    if (url !== undefined && before !== undefined) {
      printTimings(label, before, await scrapeTimings(url));
    }
    return result;
  };
  progress(`Run 1/3: first DIFF (everything new)...`);
  const first = await run('first DIFF', () => 0);
  progress(`Run 2/3: unchanged re-run...`);
  const same = await run('unchanged', () => 0);
  progress(`Run 3/3: 10% changed...`);
  const change = await run('10% change', (i) => (changed(i) ? 1 : 0));
  tick();
  const floors = await runFloors(graph, opts, service.accountId);
  const runs = { first, same, change };
  const peer =
    peerTiming === undefined ? undefined : await ourEndToEnd(opts, service, first, peerTiming);
  tick();
  const counterFailures = checkCounters(opts, runs);
  return {
    opts,
    runs,
    floors,
    apiPeakMb: service.api.peakRssKb / 1024,
    workerPeakMb: service.worker === undefined ? undefined : service.worker.peakRssKb / 1024,
    peer,
    counterFailures,
  };
}

async function bench(opts: Options, uri: string, work: string): Promise<void> {
  const n = opts.entities;
  const redisUrl = opts.local ? undefined : (ENV.REDIS_URL ?? 'redis://127.0.0.1:6379');
  progress(
    `bench:ingest: ${n} entities, ${2 * n} relationships, batches of ${opts.batch}` +
      `${opts.gzip ? ' (gzip)' : ''}, ${opts.concurrency} concurrent uploads, finalize chunks of ${opts.chunk}, ` +
      `${redisUrl === undefined ? 'local mode (finalize in the API)' : 'queue mode (API + 1 worker)'}`,
  );
  const graph = connect(uri);
  const stopBlobs: Array<() => Promise<void>> = [];
  try {
    const blobEnv = opts.s3 ? await s3BlobStore(stopBlobs) : {};
    const service = await startService(opts, uri, work, redisUrl, blobEnv);
    try {
      const results = await measure(opts, graph, service, uri, work);
      printReport(results);
      if (opts.json !== undefined) writeJson(opts.json, results);
      // Wrong counters are a wrong result, whatever the timings: the bench fails.
      if (results.counterFailures.length > 0) process.exitCode = 1;
    } finally {
      await service.stop();
    }
  } finally {
    for (const stop of stopBlobs) await stop().catch(() => undefined);
    await graph.close();
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-bench-'));
  let neo4j: LocalNeo4j | undefined;
  try {
    const [uri, started] = await neo4jUri(opts, work);
    neo4j = started;
    await bench(opts, uri, work);
  } finally {
    await neo4j?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:ingest failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
