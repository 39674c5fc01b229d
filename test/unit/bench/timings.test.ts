import { strict as assert } from 'node:assert';
import { parseTimings } from '../../../scripts/bench-ingest/timings';
import { metricsText, observeStatement, timeFinalizePhase } from '../../../src/telemetry/metrics';

const read = async () => parseTimings((await metricsText()).text);

/** bench:ingest --timings reads the service's own metrics; their names must stay what it parses. */
describe('bench:ingest --timings: reading the service metrics', () => {
  it('counts and sums each named statement from the exposition the service serves', async () => {
    const was = (await read()).statements.get('bench/test-timings') ?? { seconds: 0, count: 0 };
    await observeStatement('bench/test-timings', () => Promise.resolve(1));
    await observeStatement('bench/test-timings', () => new Promise((r) => setTimeout(r, 20)));
    const now = (await read()).statements.get('bench/test-timings')!;
    assert.equal(now.count - was.count, 2);
    assert.ok(now.seconds - was.seconds >= 0.015, String(now.seconds - was.seconds));
  });

  it('sums each finalize phase by name', async () => {
    const was = (await read()).phases.get('bench-test-phase') ?? 0;
    await timeFinalizePhase('bench-test-phase', () => new Promise((r) => setTimeout(r, 20)));
    const now = (await read()).phases.get('bench-test-phase');
    assert.ok(now !== undefined && now - was >= 0.015, String(now));
  });

  it('ignores lines of other metrics', () => {
    const t = parseTimings('graphsync_http_request_duration_seconds_sum{operation="x"} 3\n');
    assert.deepEqual([t.phases.size, t.statements.size], [0, 0]);
  });
});
