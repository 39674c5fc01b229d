import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import request from 'supertest';
import { ADMIN_TOKEN, freshAccount, testApp, trackAccount } from '../../helpers/harness';

const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
/** superagent JSON-serialises a Buffer under a JSON content type; send compressed bytes as they are. */
const raw = (body: unknown): string => body as string;

describe('HTTP edge (real Neo4j)', () => {
  it('404 with the error envelope for an unknown route, with or without credentials', async () => {
    const app = await testApp();
    const expected = { error: { code: 'NOT_FOUND', message: 'No route for GET /no/such/route' } };
    const res = await request(app).get('/no/such/route');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, expected);
    const a = await freshAccount();
    const withCredentials = await request(app).get('/no/such/route').set(a.headers);
    assert.equal(withCredentials.status, 404);
    assert.deepEqual(withCredentials.body, expected);
  });

  it('405 with an Allow header for a known path and another method', async () => {
    const app = await testApp();
    const res = await request(app).delete('/healthz');
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET');
    assert.deepEqual(res.body, {
      error: { code: 'METHOD_NOT_ALLOWED', message: 'DELETE is not allowed on /healthz' },
    });
  });

  it('HEAD on a GET operation answers its status and headers without a body', async () => {
    const app = await testApp();
    const res = await request(app).head('/healthz');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.deepEqual(res.body, {});
    const a = await freshAccount();
    const account = await request(app).head('/account').set(a.headers);
    assert.equal(account.status, 200);
    assert.equal((await request(app).head('/account')).status, 400, 'authenticated like GET');
  });

  it('400 INVALID_JSON for a malformed JSON body', async () => {
    const app = await testApp();
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .set('Content-Type', 'application/json')
      .send('{"id": ');
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'INVALID_JSON');
    assert.match(res.body.error.message, /^Malformed JSON in request body: /);
  });

  it('an optional body sent as JSON null is no body; a lone scalar is still malformed', async () => {
    // openapi-generator's Java client sends `null` for an omitted optional body (finalize here).
    const app = await testApp();
    const a = await freshAccount();
    const jobs = '/persister/synchronization/jobs';
    const start = await request(app)
      .post(jobs)
      .set(a.headers)
      .send({ source: 'api', scope: 'null-body', syncMode: 'DIFF' });
    const id = (start.body as { job: { id: string } }).job.id;
    await request(app)
      .post(`${jobs}/${id}/upload`)
      .set(a.headers)
      .send({ entities: [{ _key: 'k', _type: 'nb_thing', _class: 'Thing' }] })
      .expect(200);
    const scalar = await request(app)
      .post(`${jobs}/${id}/finalize`)
      .set(a.headers)
      .set('Content-Type', 'application/json')
      .send('42');
    assert.equal(scalar.status, 400, JSON.stringify(scalar.body));
    assert.deepEqual(scalar.body.error, {
      code: 'INVALID_JSON',
      message:
        'Malformed JSON in request body: a JSON body is an object or an array (or null for no body)',
    });
    const fin = await request(app)
      .post(`${jobs}/${id}/finalize`)
      .set(a.headers)
      .set('Content-Type', 'application/json')
      .send('null');
    assert.equal(fin.status, 200, JSON.stringify(fin.body));
    assert.deepEqual([fin.body.job.status, fin.body.job.numEntitiesCreated], ['FINISHED', 1]);
    // A required body (an upload) sent as null stays malformed JSON.
    const upload = await request(app)
      .post(`${jobs}/${id}/upload`)
      .set(a.headers)
      .set('Content-Type', 'application/json')
      .send('null');
    assert.equal(upload.body.error.code, 'INVALID_JSON');
  });

  it('413 RequestEntityTooLargeException over MAX_BODY_SIZE', async () => {
    const app = await testApp({ maxBodySize: '1kb' });
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .send({ id: 'x', pad: 'y'.repeat(2000) });
    assert.equal(res.status, 413);
    assert.deepEqual(res.body, {
      error: {
        code: 'RequestEntityTooLargeException',
        message: 'Request body is larger than the limit of 1024 bytes',
      },
    });
  });

  it('413 also applies to the inflated size of a gzip body', async () => {
    const app = await testApp({ maxBodySize: '1kb' });
    const body = zlib.gzipSync(JSON.stringify({ id: 'x', pad: 'y'.repeat(5000) }));
    assert.ok(body.length < 1024);
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize(raw)
      .send(body);
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'RequestEntityTooLargeException');
  });

  it('415 for a media type the operation does not take, and for an unknown Content-Encoding', async () => {
    const app = await testApp();
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .set('Content-Type', 'text/plain')
      .send('id=x');
    assert.equal(res.status, 415);
    assert.equal(res.body.error.code, 'UNSUPPORTED_MEDIA_TYPE');
    assert.match(res.body.error.message, /^Unsupported Content-Type: .*text\/plain/);
    const enc = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'zip')
      .send('{}');
    assert.equal(enc.status, 415);
    assert.deepEqual(enc.body, {
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: "Unsupported Content-Encoding 'zip'" },
    });
  });

  it('accepts gzip and brotli request bodies', async () => {
    const app = await testApp();
    for (const [encoding, compress] of [
      ['gzip', zlib.gzipSync],
      ['br', zlib.brotliCompressSync],
    ] as const) {
      const id = `t-${encoding}-${Date.now()}`;
      trackAccount(id);
      const res = await request(app)
        .post('/admin/accounts')
        .set(admin)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize(raw)
        .send(compress(Buffer.from(JSON.stringify({ id }))));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.account.id, id);
    }
  });

  it('400 BAD_REQUEST for a body labelled gzip that is not gzip', async () => {
    const app = await testApp();
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{"id":"x"}');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, {
      error: {
        code: 'BAD_REQUEST',
        message: 'Request body could not be decompressed: incorrect header check',
      },
    });
  });

  it('400 VALIDATION_ERROR naming the field for a body that breaks the schema', async () => {
    const app = await testApp();
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .send({ id: 'ok', features: ['FLY'] });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'VALIDATION_ERROR');
    assert.match(
      res.body.error.message,
      /^\/features\/0 must be equal to one of the allowed values/,
    );
    const unknownQuery = await request(app).get('/admin/accounts?x=1').set(admin);
    assert.equal(unknownQuery.status, 400);
    assert.equal(
      unknownQuery.body.error.message,
      "query parameter 'x' Unknown query parameter 'x'",
    );
    // The health probes too: the 400 their contract lists.
    for (const probe of ['/healthz?x=1', '/readyz?x=1']) {
      const res = await request(app).get(probe);
      assert.equal(res.status, 400, probe);
      assert.equal(res.body.error.message, "query parameter 'x' Unknown query parameter 'x'");
    }
  });

  it('gives every response a request id, and keeps a sane one the client sent', async () => {
    const app = await testApp();
    const generated = await request(app).get('/healthz');
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const echoed = await request(app).get('/healthz').set('X-Request-Id', 'client-chose-this');
    assert.equal(echoed.headers['x-request-id'], 'client-chose-this');
    const refused = await request(app).get('/healthz').set('X-Request-Id', 'has spaces and <html>');
    assert.notEqual(refused.headers['x-request-id'], 'has spaces and <html>');
  });

  it('never answers 500 to garbage input', async () => {
    const app = await testApp();
    const attempts: request.Test[] = [
      request(app)
        .post('/admin/accounts')
        .set(admin)
        .set('Content-Type', 'application/json')
        .send('[1,2,3]'),
      request(app)
        .post('/admin/accounts')
        .set(admin)
        .set('Content-Type', 'application/json')
        .send('"just a string"'),
      request(app)
        .post('/admin/accounts')
        .set(admin)
        .set('Content-Type', 'application/json')
        .send('null'),
      request(app)
        .post('/admin/accounts')
        .set(admin)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('not gzip'),
      request(app).patch('/admin/accounts/%E0%A4%A').set(admin).send({ features: [] }),
      request(app)
        .get('/admin/accounts/' + 'x'.repeat(500))
        .set(admin),
      request(app)
        .post('/admin/accounts/a/keys')
        .set(admin)
        .set('Content-Type', 'application/json')
        .send('{"name": {"$gt": 1}}'),
    ];
    for (const attempt of attempts) {
      const res = await attempt;
      assert.ok(res.status >= 400 && res.status < 500, `${res.status} ${JSON.stringify(res.body)}`);
      assert.equal(typeof res.body.error?.code, 'string');
    }
  });
});
