import { pino } from 'pino';
import { type RunningApi, startApi } from '../../src/api';
import { loadConfig } from '../../src/config/config';
import { track, withTimeout } from './cleanup';
import type { Neo4jTarget } from './neo4j-target';

/**
 * The real API (startApi, the API process's composition root) in this process, in queue mode
 * (REDIS_URL set), on a free loopback port, logging to a file.
 */
export interface ChaosApi {
  readonly url: string;
  close(): Promise<void>;
}

export async function startChaosApi(opts: {
  target: Neo4jTarget;
  /** Service configuration: REDIS_URL, QUEUE_PREFIX, DATA_DIR, INTEGRATION_SECRETS_KEY, ... */
  env: Record<string, string>;
  logFile: string;
}): Promise<ChaosApi> {
  const config = loadConfig({
    NEO4J_URI: opts.target.uri,
    NEO4J_USER: opts.target.auth.user,
    NEO4J_PASSWORD: opts.target.auth.password,
    NEO4J_DATABASE: opts.target.auth.database,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...opts.env,
  });
  const dest = pino.destination({ dest: opts.logFile, sync: true });
  const logger = pino({ name: 'graphsync-api', level: 'info' }, dest);
  const api: RunningApi = await startApi({ config, logger, graph: opts.target.graph });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= withTimeout(api.close(), 15_000, 'closing the API').finally(() => {
      untrack();
      dest.end();
    });
    return closing;
  };
  const untrack = track(`api ${api.url}`, close);
  return { url: api.url, close };
}
