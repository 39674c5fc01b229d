import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { runtimeFromConfig } from '../../../src/compose/open-runtime';
import type { Runtime } from '../../../src/compose/runtime';
import type { Config } from '../../../src/config/config';
import type { QueryApi } from '../../../src/query/query-service';
import {
  freshAccount,
  redisUrl,
  silentLogger,
  testAccounts,
  testApp,
  testConfig,
  testServices,
} from '../../helpers/harness';
import { registerSecret } from '../../helpers/log-capture';
import { PrivateRedis } from '../../helpers/redis-server';

/**
 * Rate limits per key and account, failed authentications and concurrent queries (docs/security.md,
 * "Limits"; issue 23): 429 with a stable code, the limit named and `Retry-After`; counters shared
 * by API processes on the same Redis in queue mode; the defaults leave a client's bursts alone.
 */
const defaults = testConfig().limits;
const limits = (tune: Partial<Config['limits']>): Config['limits'] => ({ ...defaults, ...tune });

function expect429(res: request.Response, code: string, message: (retry: number) => string): void {
  assert.equal(res.status, 429, JSON.stringify(res.body));
  const header = String(res.headers['retry-after']);
  assert.match(header, /^\d+$/);
  const retry = Number(header);
  assert.ok(retry >= 1 && retry <= 60, header);
  assert.deepEqual(res.body, { error: { code, message: message(retry) } });
}

/** Until the runtime's Redis connection answers (before that, each process counts alone). */
async function connected(runtime: Runtime): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await runtime.pingRedis?.();
      return;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('limits: rates, failed keys and concurrency (HTTP, real Neo4j and Redis)', function () {
  this.timeout(120_000);

  it('answers the request past RATE_LIMIT_PER_KEY with 429 RATE_LIMITED and Retry-After', async () => {
    const app = await testApp({ limits: limits({ ratePerKey: 3 }) });
    const a = await freshAccount();
    for (let i = 0; i < 3; i++) {
      assert.equal((await request(app).get('/account').set(a.headers)).status, 200);
    }
    expect429(
      await request(app).get('/account').set(a.headers),
      'RATE_LIMITED',
      (retry) =>
        `API key '${a.keyId}' sent more than 3 requests in 60 s (RATE_LIMIT_PER_KEY); retry after ${retry} s`,
    );
    // Another account's key is counted apart.
    const b = await freshAccount();
    assert.equal((await request(app).get('/account').set(b.headers)).status, 200);
  });

  it('counts every key of an account against RATE_LIMIT_PER_ACCOUNT', async () => {
    const app = await testApp({ limits: limits({ ratePerAccount: 4 }) });
    const a = await freshAccount();
    const second = await (
      await testAccounts()
    ).createApiKey({ accountId: a.accountId, name: 'two' });
    registerSecret(second.secret, 'second API key');
    const headers2 = { ...a.headers, Authorization: `Bearer ${second.secret}` };
    for (const headers of [a.headers, headers2, a.headers, headers2]) {
      assert.equal((await request(app).get('/account').set(headers)).status, 200);
    }
    expect429(
      await request(app).get('/account').set(headers2),
      'RATE_LIMITED',
      (retry) =>
        `Account '${a.accountId}' sent more than 4 requests in 60 s (RATE_LIMIT_PER_ACCOUNT); retry after ${retry} s`,
    );
  });

  it('answers 300 wrong keys 401 up to AUTH_FAILURE_LIMIT (30), then 429 TOO_MANY_AUTH_FAILURES', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 300; i++) {
      last = await request(app)
        .get('/account')
        .set('JupiterOne-Account', a.accountId)
        .set('Authorization', `Bearer wrong-key-${i}`);
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [...Array<number>(30).fill(401), ...Array<number>(270).fill(429)]);
    const message = (retry: number): string =>
      `More than 30 failed authentications from this address in 60 s (AUTH_FAILURE_LIMIT); retry after ${retry} s`;
    expect429(last as request.Response, 'TOO_MANY_AUTH_FAILURES', message);
    // The pair (account header, address) is held back, the right key included; others are not.
    expect429(await request(app).get('/account').set(a.headers), 'TOO_MANY_AUTH_FAILURES', message);
    const b = await freshAccount();
    assert.equal((await request(app).get('/account').set(b.headers)).status, 200);
  });

  it('counts wrong admin tokens too', async () => {
    const app = await testApp({ limits: limits({ authFailures: 2 }) });
    const wrong = (): request.Test =>
      request(app).get('/admin/accounts').set('Authorization', 'Bearer not-the-admin-token');
    assert.equal((await wrong()).status, 401);
    assert.equal((await wrong()).status, 401);
    assert.equal((await wrong()).status, 429);
  });

  it('leaves a normal burst alone with the defaults: 400 requests of one key, 8 queries at once', async () => {
    const app = await testApp();
    const a = await freshAccount();
    for (let round = 0; round < 20; round++) {
      const statuses = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await request(app).get('/account').set(a.headers)).status,
        ),
      );
      assert.deepEqual(statuses, Array<number>(20).fill(200));
    }
    const queries = await Promise.all(
      Array.from(
        { length: 8 },
        async () =>
          (await request(app).post('/query').set(a.headers).send({ query: 'FIND Host' })).status,
      ),
    );
    assert.deepEqual(queries, Array<number>(8).fill(200));
  });

  describe('in queue mode', () => {
    const runtimes: Runtime[] = [];
    const prefix = `limits-test-${randomUUID()}`;
    after(async () => {
      await Promise.all(runtimes.map((r) => r.close()));
      const redis = new Redis(redisUrl());
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('two API apps on the same Redis share the counters', async () => {
      const base = testConfig();
      const config: Config = { ...base, redisUrl: redisUrl(), queue: { ...base.queue, prefix } };
      const apps: express.Express[] = [];
      for (let i = 0; i < 2; i++) {
        const runtime = runtimeFromConfig(config, silentLogger);
        runtimes.push(runtime);
        assert.equal(runtime.kind, 'queue');
        await connected(runtime);
        apps.push(
          await testApp({ rateLimiters: runtime.rateLimiters, limits: limits({ ratePerKey: 4 }) }),
        );
      }
      const a = await freshAccount();
      const [one, two] = apps as [express.Express, express.Express];
      for (const app of [one, two, one, two]) {
        assert.equal((await request(app).get('/account').set(a.headers)).status, 200);
      }
      // Each app saw 2 requests: only the shared count is past 4.
      expect429(
        await request(one).get('/account').set(a.headers),
        'RATE_LIMITED',
        (retry) =>
          `API key '${a.keyId}' sent more than 4 requests in 60 s (RATE_LIMIT_PER_KEY); retry after ${retry} s`,
      );
      assert.equal((await request(two).get('/account').set(a.headers)).status, 429);
      const redis = new Redis(redisUrl());
      const keys = await redis.keys(`${prefix}:limits:rate-key:*`);
      redis.disconnect();
      assert.deepEqual(keys, [`${prefix}:limits:rate-key:${a.keyId}`]);
    });

    it('a paused Redis does not hold requests: the counters fall back to this process, and still limit', async () => {
      const own = await PrivateRedis.start();
      try {
        const base = testConfig();
        const config: Config = { ...base, redisUrl: own.url, queue: { ...base.queue, prefix } };
        const runtime = runtimeFromConfig(config, silentLogger);
        runtimes.push(runtime);
        await connected(runtime);
        const app = await testApp({
          rateLimiters: runtime.rateLimiters,
          limits: limits({ ratePerKey: 3 }),
        });
        const a = await freshAccount();
        own.pause();
        // A request waiting on the paused Redis would never settle: each must settle while it is
        // still paused (the guard only tells a hang from an answer).
        const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000));
        const statuses: Array<number | 'hung'> = [];
        for (let i = 0; i < 4; i++) {
          const answer = request(app).get('/account').set(a.headers);
          statuses.push(await Promise.race([answer.then((res) => res.status), hung]));
        }
        assert.deepEqual(statuses, [200, 200, 200, 429]);
      } finally {
        own.resume();
        await own.stop();
      }
    });
  });

  it('runs at most ACCOUNT_MAX_CONCURRENT queries of an account at once: 429 TOO_MANY_CONCURRENT_REQUESTS', async () => {
    const real = (await testServices()).query;
    let entered = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // The real query service, held at its door until the test opens it.
    const held: QueryApi = {
      run: async (r) => {
        entered++;
        await gate;
        return real.run(r);
      },
      explain: (r) => real.explain(r),
      vocabulary: (id) => real.vocabulary(id),
    };
    const app = await testApp({ query: held, limits: limits({ concurrentPerAccount: 2 }) });
    const a = await freshAccount();
    const query = (): Promise<request.Response> =>
      request(app)
        .post('/query')
        .set(a.headers)
        .send({ query: 'FIND Host' })
        .then((r) => r);
    const running = [query(), query()];
    while (entered < 2) await new Promise((r) => setTimeout(r, 10));
    // Without the cap the third query would wait at the door too: give it a while to be refused.
    const refused = await Promise.race([
      query(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the third query was held, not refused')), 10_000),
      ),
    ]);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.headers['retry-after'], '1');
    assert.deepEqual(refused.body, {
      error: {
        code: 'TOO_MANY_CONCURRENT_REQUESTS',
        message: `Account '${a.accountId}' already runs 2 queries, dry runs or rule evaluations; at most 2 run at once (ACCOUNT_MAX_CONCURRENT)`,
      },
    });
    // Dry runs count against the same slots; another account has its own.
    const dry = await request(app)
      .post('/rules/evaluate')
      .set(a.headers)
      .send({ rule: { name: 'r', question: { queries: [{ query: 'FIND Host' }] } }, dryRun: true });
    assert.equal(dry.status, 429, JSON.stringify(dry.body));
    const b = await freshAccount();
    const other = request(app)
      .post('/query')
      .set(b.headers)
      .send({ query: 'FIND Host' })
      .then((r) => r);
    while (entered < 3) await new Promise((r) => setTimeout(r, 10));
    open();
    assert.deepEqual(
      (await Promise.all([...running, other])).map((r) => r.status),
      [200, 200, 200],
    );
    // The slots are given back.
    assert.equal((await query()).status, 200);
  });
});
