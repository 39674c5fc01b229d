/**
 * `--peer`: times the tool a user would otherwise run, `j1-integration neo4j push` of the
 * JupiterOne SDK CLI (a dev dependency; one MERGE per object), on the same graph against the same
 * Neo4j, and compares it with our end to end (upload + finalize of a first DIFF) at the same N.
 * The peer is given up after its budget. What it wrote, and the per-type indexes it created
 * (which the service's entities, labelled by type too, would maintain), are removed afterwards.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { type Graph } from '../../src/graph/graph';
import { repoRoot } from '../../src/paths';
import { ENV, type Options } from './options';
import { writePeerFiles } from './peer-files';
import { endToEndMs, type PeerResult } from './results';
import { runDiff, type RunResult } from './runs';
import { type Service } from './service';
import { progress, secs } from './util';

const INSTANCE_ID = 'graphsync-bench-peer';
const PEER_BIN = path.join(repoRoot, 'node_modules', '.bin', 'j1-integration');

/** Runs the peer; its time, or undefined when it did not finish within budgetMs. */
async function timePeer(
  dataDir: string,
  uri: string,
  budgetMs: number,
): Promise<number | undefined> {
  const child = spawn(
    process.execPath,
    [PEER_BIN, 'neo4j', 'push', '--data-dir', dataDir, '--integration-instance-id', INSTANCE_ID],
    {
      // Its own directory: the CLI reads a .env from its working directory.
      cwd: path.dirname(dataDir),
      // It refuses to run without all three; a Neo4j without authentication takes any.
      env: {
        ...ENV,
        NEO4J_URI: uri,
        NEO4J_USER: ENV.NEO4J_USER || 'neo4j',
        NEO4J_PASSWORD: ENV.NEO4J_PASSWORD || 'graphsync-bench',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const t0 = performance.now();
  const timer = setTimeout(() => child.kill('SIGKILL'), budgetMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const ms = performance.now() - t0;
  if (code === 0) return ms;
  if (ms >= budgetMs) return undefined;
  throw new Error(`j1-integration neo4j push failed (exit ${String(code)}):\n${stderr}`);
}

async function cleanUpPeer(graph: Graph): Promise<void> {
  progress('  peer: removing its nodes and indexes...');
  await graph.autoCommit('bench/peer-clean-up', { instanceId: INSTANCE_ID });
  const indexes = await graph.read<{ name: string }>('bench/peer-indexes', {
    prefix: 'index_bench_type_',
  });
  for (const { name } of indexes) await graph.autoCommit('bench/peer-drop-index', { name });
}

/** Our end to end at the peer's N: the first DIFF when N is the run's, else a first DIFF of its own. */
async function ourEndToEnd(opts: Options, service: Service, first: RunResult, n: number) {
  if (n === opts.entities) return endToEndMs(first);
  progress(`  peer: our first DIFF at N = ${n} (scope bench-peer)...`);
  const run = await runDiff(
    service.client,
    { ...opts, entities: n },
    'first DIFF (peer N)',
    () => 0,
    service.tick,
    'bench-peer',
  );
  return endToEndMs(run);
}

export async function runPeerComparison(
  opts: Options,
  graph: Graph,
  service: Service,
  first: RunResult,
  uri: string,
  work: string,
): Promise<PeerResult> {
  const n = opts.peerEntities;
  const budgetMs = opts.peerBudgetMin * 60_000;
  progress(`Peer: j1-integration neo4j push of ${n} entities, ${2 * n} relationships...`);
  const ourMs = await ourEndToEnd(opts, service, first, n);
  const dataDir = writePeerFiles(path.join(work, 'peer'), opts.seed, n);
  try {
    const peerMs = await timePeer(dataDir, uri, budgetMs);
    progress(
      peerMs === undefined
        ? `  peer: did not finish within ${secs(budgetMs)}`
        : `  peer: done in ${secs(peerMs)} (ours ${secs(ourMs)})`,
    );
    return { entities: n, peerMs, budgetMs, ourEndToEndMs: ourMs };
  } finally {
    await cleanUpPeer(graph);
  }
}
