import type { Logger } from 'pino';
import { startWorkerBackground } from './compose/background';
import { blobStoreFromConfig } from './compose/blob-choice';
import { buildServices } from './compose/build-services';
import { openRuntime } from './compose/open-runtime';
import { chooseWorkerRuntime } from './compose/runtime-choice';
import { startWorkerTelemetry } from './compose/telemetry';
import type { Config } from './config/config';
import type { Graph } from './graph/graph';
import { assertSecretsReadable } from './integrations/assert-secrets-readable';

/**
 * Composition root of a worker process (queue mode): connects to Redis and Neo4j and runs the
 * queue processors. Any number of workers may run, on any host.
 */
export interface RunningWorker {
  close(): Promise<void>;
}

export async function startWorker(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
}): Promise<RunningWorker> {
  const { config, logger, graph } = input;
  // Without REDIS_URL there is nothing for a worker to do: said before anything is opened.
  const choice = chooseWorkerRuntime(config);
  // Stored integration secrets need INTEGRATION_SECRETS_KEY: refuse to start without it.
  await assertSecretsReadable(graph, config.outbound.secretsKey);
  // BLOB_STORE=s3: a bucket that does not answer stops start-up with the reason.
  const blobStore = blobStoreFromConfig(config);
  await blobStore.ready().catch((err: unknown) => {
    blobStore.close();
    throw err;
  });
  const runtime = openRuntime(config, choice, logger);
  await graph.ping();
  const telemetry = await startWorkerTelemetry(
    config,
    { mode: 'queue', pingNeo4j: () => graph.ping(), pingRedis: runtime.pingRedis },
    logger,
  );
  const services = buildServices(config, runtime, { graph, logger, blobStore });
  const background = startWorkerBackground(runtime, services);
  logger.info({ mode: runtime.kind, concurrency: config.queue.concurrency }, 'worker started');
  return {
    close: async () => {
      await background.stop();
      await services.close();
      blobStore.close();
      await telemetry.stop();
      logger.info('worker stopped');
    },
  };
}
