import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AccountService } from './accounts/account-service';
import { appDeps } from './compose/app-deps';
import { startApiBackground } from './compose/background';
import { buildServices } from './compose/build-services';
import { runtimeFromConfig } from './compose/open-runtime';
import type { RuntimeKind } from './compose/runtime-choice';
import type { Config } from './config/config';
import type { Graph } from './graph/graph';
import { buildApp } from './http/build-app';
import { assertSecretsReadable } from './integrations/assert-secrets-readable';
import type { SyncJobs } from './sync/jobs/create-sync-jobs';

const SHUTDOWN_GRACE_MS = 10_000;

/** Composition root of the API process: builds the services from config and serves HTTP. */
export interface RunningApi {
  url: string;
  /** The runtime it runs in: `queue` when REDIS_URL is set, else `local`. */
  mode: RuntimeKind;
  accounts: AccountService;
  sync: SyncJobs;
  close(): Promise<void>;
}

export async function startApi(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
}): Promise<RunningApi> {
  const { config, logger, graph } = input;
  // Stored integration secrets need INTEGRATION_SECRETS_KEY: refuse to start without it.
  await assertSecretsReadable(graph, config.outbound.secretsKey);
  const runtime = runtimeFromConfig(config, logger);
  // Bulk upload URLs and alert links point here (unless PUBLIC_URL is set), known once listening.
  let url: string | undefined = undefined;
  const services = buildServices(config, runtime, { graph, logger, listening: () => url });
  const app = buildApp(appDeps({ config, logger, graph, runtime, services }));
  const background = startApiBackground(runtime, services, logger);
  const server = await listen(app, config.http.port, config.http.host);
  const host =
    config.http.host === '0.0.0.0' || config.http.host === '::' ? '127.0.0.1' : config.http.host;
  url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    mode: runtime.kind,
    accounts: services.accounts,
    sync: services.sync,
    close: async () => {
      await background.stop();
      // Progress streams last until their job ends: end them, or the server waits for them.
      services.sync.progress.close();
      await closeServer(server);
      await services.close();
    },
  };
}

function listen(app: ReturnType<typeof buildApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

/** Finishes requests in flight, but not forever: after the grace period, cuts connections. */
async function closeServer(server: Server): Promise<void> {
  const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forced);
}
