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

export interface PeerTiming {
  entities: number;
  /** Undefined when the peer did not finish (see outcome). */
  peerMs: number | undefined;
  budgetMs: number;
  /** 'finished', 'over budget', or the error it stopped with (its last stderr line). */
  outcome: string;
}

/** Runs the peer, given up after budgetMs; a failure of the peer is a result, not the bench's. */
async function timePeer(dataDir: string, uri: string, budgetMs: number) {
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
  if (code === 0) return { ms, outcome: 'finished' };
  if (ms >= budgetMs) return { ms: undefined, outcome: 'over budget' };
  const reason = /code: '([^']+)'/.exec(stderr)?.[1] ?? stderr.trim().split('\n')[0] ?? '';
  return { ms: undefined, outcome: `failed after ${secs(ms)} (exit ${String(code)}: ${reason})` };
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
export async function ourEndToEnd(
  opts: Options,
  service: Service,
  first: RunResult,
  peer: PeerTiming,
): Promise<PeerResult> {
  const n = peer.entities;
  let ms = endToEndMs(first);
  if (n !== opts.entities) {
    progress(`Our first DIFF at the peer's N = ${n} (scope bench-peer)...`);
    const label = 'first DIFF (peer N)';
    const run = await runDiff(
      service.client,
      { ...opts, entities: n },
      label,
      () => 0,
      service.tick,
      'bench-peer',
    );
    ms = endToEndMs(run);
  }
  return { ...peer, ourEndToEndMs: ms };
}

/**
 * Times the peer before our runs, when the database holds only what it held at the start: its
 * MERGEs have no label, so each one scans every node, and our runs' nodes would slow it.
 */
export async function runPeer(
  opts: Options,
  graph: Graph,
  uri: string,
  work: string,
): Promise<PeerTiming> {
  const n = opts.peerEntities;
  const budgetMs = opts.peerBudgetMin * 60_000;
  progress(`Peer: j1-integration neo4j push of ${n} entities, ${2 * n} relationships...`);
  const dataDir = writePeerFiles(path.join(work, 'peer'), opts.seed, n);
  try {
    const { ms, outcome } = await timePeer(dataDir, uri, budgetMs);
    progress(`  peer: ${outcome}${ms === undefined ? '' : ` in ${secs(ms)}`}`);
    return { entities: n, peerMs: ms, budgetMs, outcome };
  } finally {
    await cleanUpPeer(graph);
  }
}
