import assert from 'node:assert/strict';
import { checkReadiness } from '../../../src/health/readiness';

describe('checkReadiness', () => {
  const ok = (): Promise<void> => Promise.resolve();
  const fail = (): Promise<void> => Promise.reject(new Error('down'));
  const hang = (): Promise<void> => new Promise(() => undefined);

  it('is ok in local mode when Neo4j answers; Redis is disabled', async () => {
    assert.deepEqual(await checkReadiness({ mode: 'local', pingNeo4j: ok }), {
      status: 'ok',
      mode: 'local',
      checks: { neo4j: 'ok', redis: 'disabled' },
    });
  });

  it('is unavailable when a dependency fails or hangs past the timeout', async () => {
    const r1 = await checkReadiness({ mode: 'queue', pingNeo4j: ok, pingRedis: fail });
    assert.deepEqual(r1, {
      status: 'unavailable',
      mode: 'queue',
      checks: { neo4j: 'ok', redis: 'down' },
    });
    const r2 = await checkReadiness({ mode: 'local', pingNeo4j: hang, timeoutMs: 20 });
    assert.deepEqual(r2.checks, { neo4j: 'down', redis: 'disabled' });
    assert.equal(r2.status, 'unavailable');
  });
});
