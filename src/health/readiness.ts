import type { components } from '../generated/openapi';

/**
 * Readiness: Neo4j always, Redis only in queue mode. Each check is bounded by a timeout so a hung
 * dependency reports 'down' instead of hanging the probe. The answer is openapi.yaml's
 * ReadinessResponse.
 */
export type CheckStatus = components['schemas']['CheckStatus'];
export type Readiness = components['schemas']['ReadinessResponse'];

export interface ReadinessDeps {
  mode: 'local' | 'queue';
  pingNeo4j: () => Promise<void>;
  /** Absent in local mode. */
  pingRedis?: (() => Promise<void>) | undefined;
  timeoutMs?: number;
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const [neo4j, redis] = await Promise.all([
    probe(deps.pingNeo4j, timeoutMs),
    deps.pingRedis === undefined
      ? Promise.resolve<CheckStatus>('disabled')
      : probe(deps.pingRedis, timeoutMs),
  ]);
  const ok = neo4j === 'ok' && redis !== 'down';
  return { status: ok ? 'ok' : 'unavailable', mode: deps.mode, checks: { neo4j, redis } };
}

async function probe(ping: () => Promise<void>, timeoutMs: number): Promise<CheckStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckStatus>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([ping().then((): CheckStatus => 'ok'), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
