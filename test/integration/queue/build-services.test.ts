import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { buildServices, type Services } from '../../../src/compose/build-services';
import { runtimeFromConfig } from '../../../src/compose/open-runtime';
import { loadConfig } from '../../../src/config/config';
import { redisUrl, silentLogger, testGraph } from '../../helpers/harness';

/**
 * buildServices is the one composition of the API, the workers and the tests: in the local and
 * the queue runtime it builds the same services, of the same classes; only the runtime differs.
 */
const PREFIX = `test-build-${randomUUID()}`;

/** Each service (and each part of the engine, sync jobs and outbound delivery) by its class. */
function shape(services: Services): Record<string, unknown> {
  const classes = (o: object) =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => typeof v === 'object' && v !== null)
        .map(([k, v]) => [k, (v as object).constructor.name])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return {
    keys: Object.keys(services).sort(),
    services: classes(services),
    engine: classes(services.engine),
    sync: classes(services.sync),
    outbound: services.outbound.outbound.map((h) => h.type).sort(),
    notifier: typeof services.outbound.notifier,
    schedule: Object.keys(services.schedule).sort(),
  };
}

describe('buildServices in the local and the queue runtime', () => {
  let dataDir: string;

  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-build-'));
  });

  after(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('builds the same set of services in both, and closes each', async () => {
    const graph = await testGraph();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const built = [
      loadConfig(env),
      loadConfig({ ...env, REDIS_URL: redisUrl(), QUEUE_PREFIX: PREFIX }),
    ].map((config) => {
      const runtime = runtimeFromConfig(config, silentLogger);
      return { runtime, services: buildServices(config, runtime, { graph, logger: silentLogger }) };
    });
    try {
      const [local, queue] = built as [(typeof built)[0], (typeof built)[0]];
      assert.deepEqual(
        [local.runtime.kind, queue.runtime.kind],
        ['local', 'queue'],
        'one runtime of each kind',
      );
      assert.deepEqual(shape(queue.services), shape(local.services));
      assert.deepEqual(shape(local.services).keys, [
        'accounts',
        'audit',
        'close',
        'digests',
        'engine',
        'entities',
        'history',
        'integrations',
        'notifications',
        'outbound',
        'parameters',
        'query',
        'rawData',
        'schedule',
        'subscriptions',
        'sync',
      ]);
      // Queue mode's readiness checks Redis, which the runtime connects to.
      assert.equal(local.runtime.pingRedis, undefined);
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          await queue.runtime.pingRedis?.();
          break;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          await sleep(50);
        }
      }
    } finally {
      for (const { services } of built) await services.close();
    }
  });
});
