import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { stringify as stringifyYaml } from 'yaml';
import {
  bulkFiles,
  ENCODERS,
  entity,
  FILE,
  type GraphFile,
  JOBS,
  json,
  normalized,
  type Obj,
  putTo,
  stagedFiles,
  storedGraph,
  bulkApiServer,
} from './bulk-upload-helpers';

/**
 * A bulk file PUT to its upload URL on a real API server and applied at finalize
 * (docs/guide/sync-jobs.md, "The bulk upload URL"; decision 0010): stored as sent, plain or
 * compressed, in JSON, CSV or YAML, together with the job's upload batches; the graph read back
 * from Neo4j holds exactly the file.
 */
describe('sync jobs: bulk upload URL (real API server, real Neo4j)', function () {
  this.timeout(60_000);
  const server = bulkApiServer();
  const { client, jobWithUrl } = server;

  describe('PUT and finalize', () => {
    it('a JSON file: the graph holds exactly the file’s content, with exact counters', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const bytes = json(FILE);
      const t0 = Date.now();
      const put = await putTo(url, bytes, { 'Content-Type': 'application/json' });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const bulkFile = (put.body as { bulkFile: Obj }).bulkFile;
      assert.ok((bulkFile.uploadedAt as number) >= t0);
      assert.deepEqual(bulkFile, {
        size: bytes.length,
        uploadedAt: bulkFile.uploadedAt,
        contentType: 'application/json',
      });
      // Stored as sent; nothing counted or applied before finalize.
      const [stored] = await bulkFiles(server.blobRoot, c.account.accountId, id);
      assert.deepEqual(
        fs.readFileSync(path.join(server.blobRoot, 'staging', c.account.accountId, id, stored!)),
        bytes,
      );
      const pending = await c.job(id);
      assert.deepEqual(pending.bulkFile, bulkFile);
      assert.equal(pending.numEntitiesUploaded, 0);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), {
        entities: [],
        relationships: [],
      });

      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [
          job.numEntitiesUploaded,
          job.numEntitiesCreated,
          job.numEntitiesUpdated,
          job.numEntitiesDeleted,
          job.numRelationshipsUploaded,
          job.numRelationshipsCreated,
          job.numRelationshipsUpdated,
          job.numRelationshipCreateErrors,
        ],
        [3, 3, 0, 0, 2, 2, 0, 0],
      );
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      // Finalize cleans the staging folder up, the bulk file included.
      assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
    });

    for (const encoding of ['gzip', 'br', 'deflate'] as const) {
      it(`a ${encoding} file: stored compressed as sent, applied decompressed`, async () => {
        const c = await client();
        const { id, scope, url } = await jobWithUrl(c);
        const compressed = ENCODERS[encoding](json(FILE));
        const put = await putTo(url, compressed, {
          'Content-Type': 'application/json',
          'Content-Encoding': encoding,
        });
        assert.equal(put.status, 200, JSON.stringify(put.body));
        assert.deepEqual((put.body as { bulkFile: Obj }).bulkFile, {
          size: compressed.length,
          uploadedAt: (put.body as { bulkFile: Obj }).bulkFile.uploadedAt,
          contentType: 'application/json',
          contentEncoding: encoding,
        });
        const [stored] = await bulkFiles(server.blobRoot, c.account.accountId, id);
        assert.deepEqual(
          fs.readFileSync(path.join(server.blobRoot, 'staging', c.account.accountId, id, stored!)),
          compressed,
        );
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual([job.numEntitiesCreated, job.numRelationshipsCreated], [3, 2]);
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      });
    }

    it('tells the format from the Content-Disposition filename when Content-Type does not', async () => {
      const c = await client();
      for (const headers of [
        { 'Content-Disposition': 'attachment; filename="graph.json"' },
        {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': "attachment; filename*=UTF-8''dir%2Fgraph.JSON",
          'Content-Encoding': 'gzip',
        },
      ] as Array<Record<string, string>>) {
        const { id, scope, url } = await jobWithUrl(c);
        const gzip = headers['Content-Encoding'] === 'gzip';
        const put = await putTo(url, gzip ? zlib.gzipSync(json(FILE)) : json(FILE), headers);
        assert.equal(put.status, 200, JSON.stringify(put.body));
        const bulkFile = (put.body as { bulkFile: Obj }).bulkFile;
        assert.equal(bulkFile.fileName, gzip ? 'graph.JSON' : 'graph.json');
        assert.equal(bulkFile.contentType, headers['Content-Type']);
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      }
    });

    it('a bulk file and upload batches in one job: both applied, the file after the batches', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const batch: GraphFile = {
        entities: [entity('b1', { from: 'batch' }), entity('b2', { from: 'batch' })],
        relationships: [
          {
            _key: 'b1|has|f1',
            _type: 'bulk_host_has_host',
            _class: 'HAS',
            _fromEntityKey: 'b1',
            _toEntityKey: 'f1',
          },
        ],
      };
      const file: GraphFile = {
        entities: [entity('f1', { from: 'file' })],
        relationships: [
          {
            _key: 'f1|has|b2',
            _type: 'bulk_host_has_host',
            _class: 'HAS',
            _fromEntityKey: 'f1',
            _toEntityKey: 'b2',
          },
        ],
      };
      await c.upload(id, batch as Obj);
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      // Uploads are still taken after the file has arrived.
      await c.upload(id, { entities: [entity('b3', { from: 'batch' })] });
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [job.numEntitiesUploaded, job.numEntitiesCreated, job.numRelationshipsUploaded],
        [4, 4, 2],
      );
      assert.deepEqual([job.numRelationshipsCreated, job.numRelationshipCreateErrors], [2, 0]);
      assert.deepEqual(
        await storedGraph(c.account.accountId, scope),
        normalized({
          entities: [...batch.entities!, entity('b3', { from: 'batch' }), ...file.entities!],
          relationships: [...batch.relationships!, ...file.relationships!],
        }),
      );
    });
  });

  describe('the bulk file’s correlation id', () => {
    it('is refused to a client batch (400, nothing staged), so finalize still applies the file', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const file: GraphFile = { entities: [entity('f1', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const res = await request(c.target)
        .post(`${JOBS}/${id}/upload`)
        .set(c.account.headers)
        .set('JupiterOne-Correlation-Id', 'bulk-file')
        .send({ entities: [entity('b1', { from: 'batch' })] });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        error: {
          code: 'VALIDATION_ERROR',
          message:
            "JupiterOne-Correlation-Id 'bulk-file' is reserved for the job's bulk upload file: send this batch under another correlation id",
        },
      });
      assert.equal((await c.job(id)).numEntitiesUploaded, 0, 'nothing staged');
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual([job.numEntitiesUploaded, job.numEntitiesCreated], [1, 1]);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(file));
    });
  });

  describe('CSV and YAML files', () => {
    /** FILE as CSV: arrays as JSON cells, relationships told by their end columns. */
    const CSV = [
      '_key,_type,_class,name,port,tags,active,email,_fromEntityKey,_toEntityKey,since',
      'h1,bulk_host,Host,one,22,"[""a"",""b""]",,,,,',
      'h2,bulk_host,"[""Host"",""Device""]",two,,,true,,,,',
      'u1,bulk_user,User,,,,,u1@example.com,,,',
      'u1|uses|h1,bulk_user_uses_host,USES,,,,,,u1,h1,2020',
      'h1|has|h2,bulk_host_has_host,HAS,,,,,,h1,h2,',
      '',
    ].join('\n');

    const cases: Array<{ what: string; bytes: () => Buffer; headers: Record<string, string> }> = [
      {
        what: 'CSV (text/csv)',
        bytes: () => Buffer.from(CSV),
        headers: { 'Content-Type': 'text/csv' },
      },
      {
        what: 'gzipped CSV named by its file name',
        bytes: () => zlib.gzipSync(Buffer.from(CSV)),
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'gzip',
          'Content-Disposition': 'attachment; filename="export.csv"',
        },
      },
      {
        what: 'YAML (application/yaml)',
        bytes: () => Buffer.from(stringifyYaml(FILE)),
        headers: { 'Content-Type': 'application/yaml' },
      },
      {
        what: 'brotli YAML named by its file name (.yml)',
        bytes: () => zlib.brotliCompressSync(Buffer.from(stringifyYaml(FILE))),
        headers: {
          'Content-Encoding': 'br',
          'Content-Disposition': 'attachment; filename=graph.yml',
        },
      },
    ];
    for (const { what, bytes, headers } of cases) {
      it(`${what}: the graph holds exactly the file’s content`, async () => {
        const c = await client();
        const { id, scope, url } = await jobWithUrl(c);
        const put = await putTo(url, bytes(), headers);
        assert.equal(put.status, 200, JSON.stringify(put.body));
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual(
          [job.numEntitiesUploaded, job.numEntitiesCreated, job.numRelationshipsCreated],
          [3, 3, 2],
        );
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      });
    }

    it('a CSV file that breaks a rule: FAILED, the reason naming the line', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const csv = ['_key,_type,_class,name', 'a,bulk_host,Host,one', ',bulk_host,Host,two', ''];
      assert.equal(
        (await putTo(url, Buffer.from(csv.join('\n')), { 'Content-Type': 'text/csv' })).status,
        200,
      );
      const job = await c.finalize(id);
      assert.deepEqual(
        [job.status, job.error],
        ['FAILED', 'CSV line 3: /entities/1/_key is required'],
      );
      assert.deepEqual(await storedGraph(c.account.accountId, scope), {
        entities: [],
        relationships: [],
      });
    });

    it('a YAML file that does not parse: FAILED', async () => {
      const c = await client();
      const { id, url } = await jobWithUrl(c);
      const put = await putTo(url, Buffer.from('entities:\n  - _key: [unclosed\n'), {
        'Content-Type': 'application/yaml',
      });
      assert.equal(put.status, 200);
      const job = await c.finalize(id);
      assert.equal(job.status, 'FAILED', JSON.stringify(job));
      assert.match(job.error ?? '', /^The bulk file could not be parsed as YAML: YAML line \d+: /);
    });
  });
});
