/** The benchmark's HTTP client of the API: JSON bodies, and the retry a real client makes. */
import { sleep } from './util';

export class Client {
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string>,
  ) {}

  async call<T>(method: string, p: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.base}${p}`, {
        method,
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
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
