import assert from 'node:assert/strict';
import { retryAfterMs } from '../../../src/sync-client/api-client';
import { ServerSentEvents } from '../../../src/sync-client/progress-stream';

describe('sync client: server-sent events and Retry-After', () => {
  it('splits events across chunks, joins data lines, skips comments and other events', () => {
    const sse = new ServerSentEvents();
    assert.deepEqual(sse.push(': keep-alive\n\nevent: progress\nid: 1\nda'), []);
    assert.deepEqual(sse.push('ta: {"a":1}\n\n'), [
      { event: 'progress', data: '{"a":1}', id: '1' },
    ]);
    assert.deepEqual(sse.push('data: one\r\ndata: two\r\n\r\nevent: progress\ndata:x\n\n'), [
      { event: 'message', data: 'one\ntwo', id: '1' },
      { event: 'progress', data: 'x', id: '1' },
    ]);
  });

  it('reads Retry-After as seconds or as an HTTP date; anything else is no advice', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    assert.equal(retryAfterMs('3', now), 3000);
    assert.equal(retryAfterMs('Thu, 26 Nov 2026 12:00:05 GMT', now), 5000);
    assert.equal(retryAfterMs('Thu, 26 Nov 2026 11:00:00 GMT', now), 0);
    assert.equal(retryAfterMs(null, now), undefined);
    assert.equal(retryAfterMs('soon', now), undefined);
  });
});
