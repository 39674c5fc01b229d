import assert from 'node:assert/strict';
import type express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { freshAccount, testApp } from '../../helpers/harness';
import { Client, FILE, json } from '../sync/bulk-upload-helpers';

/**
 * The request log (docs/security.md, "Logs"; issue 23): each line names the caller (account and
 * key id once authenticated, the account header as sent before), and never holds a signed URL's
 * signature, a key or a secret.
 */
type Line = Record<string, unknown> & { req?: { url?: string }; res?: { statusCode?: number } };

function loggedApp(): Promise<{ app: express.Express; lines: Line[]; text: () => string }> {
  const raw: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (s: string) => void raw.push(s) });
  return testApp({ logger }).then((app) => ({
    app,
    get lines() {
      return raw.map((l) => JSON.parse(l) as Line);
    },
    text: () => raw.join(''),
  }));
}

/** The completion line of the request to `path` (its `res` is set). */
function requestLine(lines: Line[], path: string): Line {
  const found = lines.filter((l) => l.res !== undefined && l.req?.url?.startsWith(path) === true);
  assert.equal(found.length, 1, JSON.stringify(lines));
  return found[0] as Line;
}

describe('request log (HTTP, real Neo4j)', function () {
  this.timeout(60_000);

  it('names the account and key id of an authenticated request, and never the key', async () => {
    const log = await loggedApp();
    const a = await freshAccount();
    assert.equal((await request(log.app).get('/account').set(a.headers)).status, 200);
    const line = requestLine(log.lines, '/account');
    assert.equal(line.accountId, a.accountId);
    assert.equal(line.keyId, a.keyId);
    assert.equal(line.accountHeader, undefined);
    assert.ok(!log.text().includes(a.key));
  });

  it('names the account header as sent when authentication fails, and never the key tried', async () => {
    const log = await loggedApp();
    const a = await freshAccount();
    const wrong = `gsk_${'w'.repeat(43)}`;
    const res = await request(log.app)
      .get('/account')
      .set('JupiterOne-Account', a.accountId)
      .set('Authorization', `Bearer ${wrong}`);
    assert.equal(res.status, 401);
    const line = requestLine(log.lines, '/account');
    assert.equal(line.accountHeader, a.accountId);
    assert.equal(line.keyId, undefined);
    assert.ok(!log.text().includes(wrong));
  });

  it("redacts a signed upload URL's signature, keeping its other parameters", async () => {
    const log = await loggedApp();
    const a = await freshAccount();
    const c = new Client(log.app, a);
    const job = await c.start({ source: 'api', scope: 'log' });
    const { uploadUrl, expiresAt } = await c.uploadUrl(job.id);
    const signature = new URL(uploadUrl).searchParams.get('signature') ?? '';
    assert.match(signature, /^[A-Za-z0-9_-]{43}$/);
    const put = await c.put(uploadUrl, json(FILE), { 'Content-Type': 'application/json' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const line = requestLine(log.lines, '/persister/synchronization/bulk-uploads/');
    assert.equal(
      line.req?.url,
      `/persister/synchronization/bulk-uploads/${job.id}?accountId=${a.accountId}&expiresAt=${expiresAt}&signature=[redacted]`,
    );
    assert.ok(!log.text().includes(signature));
  });

  it('redacts any query parameter that may carry a key, a token, a password or a secret', async () => {
    const log = await loggedApp();
    const a = await freshAccount();
    const res = await request(log.app)
      .get('/account?apiKey=k-0123456789&access_token=t-0123456789&Password=p-0123456789&limit=5')
      .set(a.headers);
    assert.equal(res.status, 400);
    const line = requestLine(log.lines, '/account');
    assert.equal(
      line.req?.url,
      '/account?apiKey=[redacted]&access_token=[redacted]&Password=[redacted]&limit=5',
    );
    assert.ok(!/-0123456789/.test(log.text()), log.text());
  });
});
