import type { Graph } from '../graph/graph';

/**
 * One finalization per (account, scope) at a time, across every process: a lease on a :_ScopeLock
 * node. The holder renews it while it works; a crashed holder's lease simply expires, so another
 * worker can take over after at most one lease period.
 */
export interface ScopeLease {
  release(): Promise<void>;
}

export async function acquireScopeLock(input: {
  graph: Graph;
  accountId: string;
  scope: string;
  jobId: string;
  leaseMs: number;
  pollMs?: number;
  now?: () => number;
}): Promise<ScopeLease> {
  const { graph, leaseMs } = input;
  const now = input.now ?? Date.now;
  const params = () => ({
    accountId: input.accountId,
    scope: input.scope,
    jobId: input.jobId,
    now: now(),
    leaseMs,
  });
  while ((await graph.write('sync/acquire-scope-lock', params())).length === 0) {
    await new Promise((r) => setTimeout(r, input.pollMs ?? 250));
  }
  const timer = setInterval(
    () => {
      graph.write('sync/acquire-scope-lock', params()).catch(() => undefined);
    },
    Math.max(1000, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      await graph.write('sync/release-scope-lock', {
        accountId: input.accountId,
        scope: input.scope,
        jobId: input.jobId,
      });
    },
  };
}
