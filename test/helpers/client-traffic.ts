import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { CLIENT_TRAFFIC_DIR } from './fixtures';

/**
 * The captured requests of real public clients of the sync API (one scenario per .jsonl file,
 * test/fixtures/client-traffic; its README.md says where they came from), and how to send them
 * again. The path itself is kept with the other fixture paths in ./fixtures.
 */
export { CLIENT_TRAFFIC_DIR } from './fixtures';

/** One captured request, and what the capturing server answered. */
export interface Captured {
  n: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyEncoding: string | null;
  body?: unknown;
  status?: number;
  response?: { job?: { id: string } };
}

/** The requests of one scenario file, in the order they were sent. */
export function readTraffic(file: string): Captured[] {
  return fs
    .readFileSync(path.join(CLIENT_TRAFFIC_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Captured);
}

/** Every scenario file (sorted by name) with its requests. */
export function trafficFiles(): Array<{ file: string; requests: Captured[] }> {
  return fs
    .readdirSync(CLIENT_TRAFFIC_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((file) => ({ file, requests: readTraffic(file) }));
}

const ACCOUNT_HEADERS = ['jupiterone-account', 'lifeomic-account', 'service-account'];
/** Set by supertest itself, or describing the capture rather than the request. */
const DROPPED_HEADERS = ['host', 'connection', 'content-length'];

/** superagent JSON-serialises a Buffer under a JSON content type; send bytes as they are. */
const raw = (body: unknown): string => body as string;

/**
 * Replays one captured request as `account` (its account header and API key instead of the
 * captured ones): same method, URL, other headers and body bytes (gzip-compressed again when the
 * client compressed it).
 */
export function replay(
  app: Parameters<typeof request>[0],
  r: Captured,
  account: { accountId: string; key: string },
) {
  let test = request(app)[r.method.toLowerCase() as 'get' | 'post'](r.url);
  for (const [name, value] of Object.entries(r.headers)) {
    if (DROPPED_HEADERS.includes(name)) continue;
    if (ACCOUNT_HEADERS.includes(name)) test = test.set(name, account.accountId);
    else if (name === 'authorization') test = test.set(name, `Bearer ${account.key}`);
    else test = test.set(name, value);
  }
  if (r.body === undefined) {
    // An empty POST (the CSV importer's finalize) goes out with Content-Length: 0, as captured.
    return r.method === 'POST' ? test.send('') : test;
  }
  const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  const bytes = r.bodyEncoding === 'gzip' ? zlib.gzipSync(text) : Buffer.from(text);
  return test.serialize(raw).send(bytes);
}
