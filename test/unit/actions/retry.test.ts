import assert from 'node:assert/strict';
import { TransientError, withRetry } from '../../../src/actions/retry';

describe('outbound delivery: retries', () => {
  const waits: number[] = [];
  const options = (attempts: number) => ({
    attempts,
    backoffMs: 100,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  beforeEach(() => waits.splice(0));

  it('retries transient failures with a doubling delay and answers the tries made', async () => {
    const retried: number[] = [];
    const done = await withRetry(
      (attempt) => {
        if (attempt < 3) return Promise.reject(new TransientError(`busy ${attempt}`));
        return Promise.resolve('ok');
      },
      { ...options(3), onRetry: (_err, attempt) => retried.push(attempt) },
    );
    assert.deepEqual(done, { value: 'ok', attempts: 3 });
    assert.deepEqual(waits, [100, 200]);
    assert.deepEqual(retried, [1, 2]);
  });

  it('gives up after the last try, saying how many were made', async () => {
    await assert.rejects(
      withRetry(() => Promise.reject(new TransientError('503 from the server')), options(3)),
      { message: '503 from the server (after 3 attempts)' },
    );
    assert.deepEqual(waits, [100, 200]);
  });

  it('does not retry a permanent failure', async () => {
    let calls = 0;
    await assert.rejects(
      withRetry(() => {
        calls++;
        return Promise.reject(new Error('400: bad request'));
      }, options(5)),
      { message: '400: bad request' },
    );
    assert.equal(calls, 1);
    assert.deepEqual(waits, []);
  });

  it('a permanent failure after transient ones names the tries', async () => {
    await assert.rejects(
      withRetry(
        (attempt) =>
          Promise.reject(attempt === 1 ? new TransientError('timeout') : new Error('404: gone')),
        options(5),
      ),
      { message: '404: gone (after 2 attempts)' },
    );
  });
});
