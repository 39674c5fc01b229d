/** The benchmark's HTTP client of the API: JSON bodies, and the retry a real client makes. */
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { sleep } from './util';

const gzip = promisify(gzipCb);

export class Client {
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string>,
  ) {}

  /**
   * One request; with `compress` the JSON body is sent gzip-compressed (Content-Encoding: gzip),
   * as the JupiterOne SDK sends its uploads.
   */
  async call<T>(method: string, p: string, body?: unknown, compress = false): Promise<T> {
    const headers: Record<string, string> = { ...this.headers, 'content-type': 'application/json' };
    let payload: string | Buffer | undefined =
      body === undefined ? undefined : JSON.stringify(body);
    if (compress && payload !== undefined) {
      payload = await gzip(payload);
      headers['content-encoding'] = 'gzip';
    }
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.base}${p}`, { method, headers, body: payload });
      const text = await res.text();
      if (res.ok) return JSON.parse(text) as T;
      // 503 (Neo4j busy, a transient error) is what a client retries.
      if (res.status === 503 && attempt < 5) {
        await sleep(500 * attempt);
        continue;
      }
      throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 500)}`);
    }
  }
}
