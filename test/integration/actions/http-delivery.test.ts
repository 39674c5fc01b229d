import assert from 'node:assert/strict';
import { HttpDelivery, MAX_RETRY_AFTER_MS } from '../../../src/actions/http-delivery';
import { SsrfGuard } from '../../../src/actions/ssrf-guard';
import { silentLogger } from '../../helpers/harness';
import { HTTP_OUTBOUND } from './http-test-app';
import { HttpTestServer } from './http-test-server';

/**
 * The HTTP client of the outbound actions against a real local server: connections go to the
 * addresses the guard checked (not to a second DNS answer), and Retry-After waits are capped.
 */
describe('actions: HTTP delivery', () => {
  let server: HttpTestServer;
  before(async () => {
    server = await HttpTestServer.start({ status: 204 });
  });
  beforeEach(() => server.reset({ status: 204 }));
  after(() => server.close());

  it('connects to the checked address, keeping the name for the Host header', async () => {
    const looked: string[] = [];
    const guard = new SsrfGuard({
      allowlist: ['loopback'],
      // A name the system resolver does not know: only the pinned answer can reach the server.
      lookup: (host) => {
        looked.push(host);
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    const delivery = new HttpDelivery({ config: HTTP_OUTBOUND, logger: silentLogger, guard });
    const url = new URL(`http://pinned.graphsync.invalid:${server.port}/x`);
    const sent = await delivery.send({
      action: 'WEBHOOK',
      method: 'POST',
      url,
      shown: url.href,
      headers: {},
      json: { a: 1 },
    });
    assert.equal(sent.value.status, 204);
    assert.deepEqual(looked, ['pinned.graphsync.invalid']);
    assert.equal(server.received[0]!.headers.host, `pinned.graphsync.invalid:${server.port}`);
    assert.deepEqual(server.received[0]!.body, { a: 1 });
  });

  it('waits at least the Retry-After seconds, at most MAX_RETRY_AFTER_MS', async () => {
    const waits: number[] = [];
    const delivery = new HttpDelivery({
      config: { ...HTTP_OUTBOUND, attempts: 4, backoffMs: 10 },
      logger: silentLogger,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    server.reply(
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 503, headers: { 'Retry-After': '3600' } },
      { status: 503, headers: { 'Retry-After': 'Wed, 21 Oct 2099 07:28:00 GMT' } },
    );
    const url = new URL(server.url('/limited'));
    const sent = await delivery.send({
      action: 'WEBHOOK',
      method: 'GET',
      url,
      shown: url.href,
      headers: {},
    });
    assert.equal(sent.attempts, 4);
    assert.deepEqual(waits, [2000, MAX_RETRY_AFTER_MS, 40]);
  });
});
