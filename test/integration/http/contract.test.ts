import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { parse } from 'yaml';
import { swaggerUiDistDir } from '../../../src/http/served-contract';
import { openapiPath } from '../../../src/paths';
import { testApp } from '../../helpers/harness';

/** The body as the bytes received, whatever the media type. */
function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** Every src and href attribute value of an HTML page. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
}

/** Resolved against the page's own origin, does the URL stay on it? */
function sameOrigin(ref: string): boolean {
  const origin = 'http://graphsync.invalid';
  return new URL(ref, `${origin}/docs`).origin === origin;
}

describe('The contract and its docs page, served (real Neo4j)', () => {
  let app: Express;
  const file = fs.readFileSync(openapiPath);

  before(async () => {
    app = await testApp();
  });

  it('GET /openapi.yaml without credentials: the exact bytes of openapi.yaml, as application/yaml', async () => {
    const res = await binary(request(app).get('/openapi.yaml'));
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/yaml; charset=utf-8');
    assert.ok(Buffer.isBuffer(res.body));
    assert.ok(res.body.equals(file), 'the body is openapi.yaml byte for byte');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{27}"$/);
  });

  it('GET /openapi.json without credentials: the same document as JSON', async () => {
    const res = await request(app).get('/openapi.json');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8$/);
    assert.deepEqual(res.body, parse(file.toString('utf8')));
    assert.equal(res.body.info.title, 'graphsync API');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{27}"$/);
  });

  it('a current ETag in If-None-Match gets a 304 without a body', async () => {
    for (const url of ['/openapi.yaml', '/openapi.json', '/docs', '/docs/assets/docs.js']) {
      const first = await request(app).get(url);
      const etag = String(first.headers.etag);
      const again = await request(app).get(url).set('If-None-Match', etag);
      assert.equal(again.status, 304, url);
      assert.equal(again.text, '', url);
      const stale = await request(app).get(url).set('If-None-Match', '"something-else"');
      assert.equal(stale.status, 200, url);
    }
  });

  it('GET /docs without credentials: an HTML page whose every src and href is on this origin', async () => {
    const res = await request(app).get('/docs');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(res.text, /^<!doctype html>/i);
    assert.match(res.text, /<title>graphsync API: documentation<\/title>/);
    const refs = references(res.text);
    assert.deepEqual(refs, [
      '/docs/assets/swagger-ui.css',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/docs.js',
    ]);
    for (const ref of refs) assert.ok(sameOrigin(ref), `${ref} is not on this origin`);
    // No absolute URL anywhere (a CDN link in a comment, an inline style or script included).
    assert.doesNotMatch(res.text, /\/\/|https?:/i);
    assert.doesNotMatch(res.text, /<script(?![^>]*\ssrc=)[^>]*>/i, 'no inline script');
  });

  it('every file the page references answers 200 with its content type; the package files are as shipped', async () => {
    const page = await request(app).get('/docs');
    const expected: Record<string, string> = {
      '/docs/assets/swagger-ui.css': 'text/css; charset=utf-8',
      '/docs/assets/swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
      '/docs/assets/docs.js': 'text/javascript; charset=utf-8',
    };
    for (const ref of references(page.text)) {
      const res = await binary(request(app).get(ref));
      assert.equal(res.status, 200, ref);
      assert.equal(res.headers['content-type'], expected[ref], ref);
      const name = path.posix.basename(ref);
      if (name !== 'docs.js') {
        const shipped = fs.readFileSync(path.join(swaggerUiDistDir(), name));
        assert.ok((res.body as Buffer).equals(shipped), `${ref} is the package's ${name}`);
      }
    }
  });

  it('docs.js starts Swagger UI on /openapi.json with every operation and its examples shown, and calls nothing elsewhere', async () => {
    const res = await request(app).get('/docs/assets/docs.js');
    assert.equal(res.status, 200);
    const js = res.text;
    assert.match(js, /SwaggerUIBundle\(\{/);
    assert.match(js, /\burl: '\/openapi\.json',/);
    // Operations expanded, their request bodies and responses shown as examples (not schemas).
    assert.match(js, /\bdocExpansion: 'full',/);
    assert.match(js, /\bdefaultModelRendering: 'example',/);
    // No call to validator.swagger.io (Swagger UI's default) nor to anything else.
    assert.match(js, /\bvalidatorUrl: null,/);
    assert.doesNotMatch(js, /https?:|\/\/[^ ]/);
    // The contract it renders carries examples for the page to show.
    const examples = JSON.stringify(parse(file.toString('utf8'))).match(/"examples?":/g) ?? [];
    assert.ok(examples.length > 20, `only ${examples.length} examples in openapi.yaml`);
  });

  it('an unknown docs asset is a 404, and no path climbs out of the asset list', async () => {
    for (const url of [
      '/docs/assets/nope.js',
      '/docs/assets/index.html',
      '/docs/assets/swagger-ui-bundle.js.map',
      '/docs/assets/..%2Fpackage.json',
    ]) {
      const res = await request(app).get(url);
      assert.equal(res.status, 404, url);
      assert.equal(res.body.error.code, 'NOT_FOUND', url);
    }
  });

  it('HEAD answers the status and headers of GET without a body', async () => {
    for (const [url, type] of [
      ['/openapi.yaml', 'application/yaml; charset=utf-8'],
      ['/openapi.json', 'application/json; charset=utf-8'],
      ['/docs', 'text/html; charset=utf-8'],
      ['/docs/assets/swagger-ui.css', 'text/css; charset=utf-8'],
    ] as const) {
      const get = await binary(request(app).get(url));
      const head = await request(app).head(url);
      assert.equal(head.status, 200, url);
      assert.equal(head.headers['content-type'], type, url);
      assert.equal(head.headers['content-length'], get.headers['content-length'], url);
      assert.equal(head.headers.etag, get.headers.etag, url);
      assert.deepEqual(head.body, {}, url);
      assert.ok((get.body as Buffer).length > 0, url);
    }
    const yaml = await request(app).head('/openapi.yaml');
    assert.equal(Number(yaml.headers['content-length']), file.length);
  });

  it('an unknown query parameter is the documented 400', async () => {
    for (const url of [
      '/openapi.yaml?x=1',
      '/openapi.json?x=1',
      '/docs?x=1',
      '/docs/assets/docs.js?x=1',
    ]) {
      const res = await request(app).get(url);
      assert.equal(res.status, 400, url);
      assert.deepEqual(
        res.body,
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: "query parameter 'x' Unknown query parameter 'x'",
          },
        },
        url,
      );
    }
  });

  it('other methods are a 405 naming GET', async () => {
    for (const url of ['/openapi.yaml', '/openapi.json', '/docs', '/docs/assets/docs.js']) {
      const res = await request(app).post(url).send({});
      assert.equal(res.status, 405, url);
      assert.equal(res.headers.allow, 'GET', url);
    }
  });
});
