import fs from 'node:fs';
import type { Neo4jTarget } from './neo4j-target';
import type { WorkerProcess } from './worker-process';

/**
 * Which worker process is running a job right now: Neo4j's SHOW TRANSACTIONS lists the
 * transactions in flight with their parameters and client address; the client's local port is
 * mapped to a process through /proc (Linux). A statement counts when its parameters name the job
 * ($jobId, or the `_lastSyncJobId` of the objects it writes), or name the account ($accountId, or
 * the `_accountId` of the objects it writes) and no other job.
 */
interface RunningTx {
  clientAddress: string;
  jobId: unknown;
  accountId: unknown;
  rowJobId: unknown;
  rowAccountId: unknown;
}

/** The ids are picked out of the parameters in Neo4j: a chunk's rows stay there. */
const RUNNING = `SHOW TRANSACTIONS YIELD clientAddress, parameters
RETURN clientAddress, parameters.jobId AS jobId, parameters.accountId AS accountId,
       CASE WHEN parameters.rows[0] IS :: MAP THEN parameters.rows[0].props._lastSyncJobId END AS rowJobId,
       CASE WHEN parameters.rows[0] IS :: MAP THEN parameters.rows[0].props._accountId END AS rowAccountId`;

/** The workers with a statement of one of `jobIds` (of `accountId`) in flight. */
export async function workersInJobs(
  target: Neo4jTarget,
  job: { jobIds: readonly string[]; accountId: string },
  workers: readonly WorkerProcess[],
): Promise<WorkerProcess[]> {
  const session = target.driver.session({ database: target.auth.database });
  let rows: RunningTx[];
  try {
    const res = await session.run(RUNNING);
    rows = res.records.map((r) => r.toObject() as unknown as RunningTx);
  } finally {
    await session.close();
  }
  const ports = rows
    .filter((r) => mentionsJob(r, job))
    .map((r) => Number(r.clientAddress.split(':').pop()))
    .filter((p) => Number.isInteger(p) && p > 0);
  if (ports.length === 0) return [];
  const inodes = socketInodesOfLocalPorts(new Set(ports));
  const live = workers.filter((w) => w.alive);
  return live.filter((w) => {
    const mine = socketInodesOf(w.pid);
    return [...inodes].some((i) => mine.has(i));
  });
}

function mentionsJob(
  tx: RunningTx,
  job: { jobIds: readonly string[]; accountId: string },
): boolean {
  const jobIds = [tx.jobId, tx.rowJobId].filter((v): v is string => typeof v === 'string');
  if (jobIds.length > 0) return jobIds.some((id) => job.jobIds.includes(id));
  return tx.accountId === job.accountId || tx.rowAccountId === job.accountId;
}

/** Socket inodes of the TCP sockets (v4 and v6) bound to one of `ports` locally. */
function socketInodesOfLocalPorts(ports: Set<number>): Set<string> {
  const out = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const local = f[1];
      const inode = f[9];
      if (local === undefined || inode === undefined) continue;
      const port = parseInt(local.split(':').pop() ?? '', 16);
      if (ports.has(port) && inode !== '0') out.add(inode);
    }
  }
  return out;
}

function socketInodesOf(pid: number): Set<string> {
  const out = new Set<string>();
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return out;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m !== null) out.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/** Transactions in flight that wait for a lock, as "client address: status" lines. */
export async function blockedTransactions(target: Neo4jTarget): Promise<string[]> {
  const session = target.driver.session({ database: target.auth.database });
  try {
    const res = await session.run(
      `SHOW TRANSACTIONS YIELD clientAddress, status, currentQuery
       WHERE status STARTS WITH 'Blocked'
       RETURN clientAddress, status, currentQuery`,
    );
    return res.records.map((r) => {
      const o = r.toObject() as { clientAddress: string; status: string; currentQuery: string };
      return `${o.clientAddress}: ${o.status} (${o.currentQuery.replace(/\s+/g, ' ').slice(0, 80)})`;
    });
  } finally {
    await session.close();
  }
}
