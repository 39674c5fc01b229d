import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import {
  customProps,
  JOBS,
  type JobBody,
  liveEntityKeys,
  type Res,
  scopeContents,
  stagedFiles,
} from './lifecycle-helpers';
import { e, jobWithBaseline, SCOPE, startJob } from './validation-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload validation through HTTP on the real Neo4j: odd bodies (not JSON, not an object, an unknown
 * encoding) are a 4xx, never a 500, and change nothing; a gzipped upload and odd but valid names and
 * values are accepted and stored as sent.
 */
forEachBlobStore('sync jobs: upload validation (HTTP, real Neo4j)', () => {
  describe('odd bodies are a 4xx, never a 500', () => {
    const ok = '{"_key":"k","_type":"t","_class":"C"}';
    const odd: Array<{
      name: string;
      raw: string;
      type?: string;
      encoding?: string;
      status: number;
      code: string;
    }> = [
      { name: 'a JSON string', raw: '"entities"', status: 400, code: 'INVALID_JSON' },
      { name: 'null', raw: 'null', status: 400, code: 'INVALID_JSON' },
      { name: 'a number', raw: '42', status: 400, code: 'INVALID_JSON' },
      { name: 'an empty array', raw: '[]', status: 400, code: 'VALIDATION_ERROR' },
      { name: 'an array of entities', raw: `[${ok}]`, status: 400, code: 'VALIDATION_ERROR' },
      { name: 'truncated JSON', raw: '{"entities": [', status: 400, code: 'INVALID_JSON' },
      { name: 'not JSON at all', raw: 'entities=1', status: 400, code: 'INVALID_JSON' },
      { name: 'an empty body', raw: '', status: 400, code: 'VALIDATION_ERROR' },
      {
        name: 'entities as a string',
        raw: '{"entities": "abc"}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as an object',
        raw: '{"entities": {"0": {}}}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as a number',
        raw: '{"entities": 5}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as a boolean',
        raw: '{"entities": true}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'strings instead of entities',
        raw: '{"entities": ["a", "b"]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      { name: 'null entity', raw: '{"entities": [null]}', status: 400, code: 'VALIDATION_ERROR' },
      { name: 'array entity', raw: '{"entities": [[]]}', status: 400, code: 'VALIDATION_ERROR' },
      {
        name: 'number entity',
        raw: '{"entities": [1e400]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'relationships as a string',
        raw: '{"relationships": "x"}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'number relationship',
        raw: '{"relationships": [7]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'relationships as an object next to entities',
        raw: `{"entities": [${ok}], "relationships": {"0": {}}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an infinite _key',
        raw: '{"entities": [{"_key": 1e400, "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an object _key',
        raw: '{"entities": [{"_key": {"a": 1}, "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an array _key',
        raw: '{"entities": [{"_key": ["k"], "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a number _type',
        raw: '{"entities": [{"_key": "k", "_type": 7, "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an infinite property',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "n": 1e400}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a negative infinite property in an array',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "n": [1, -1e400]}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData as a number',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": 5}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData entry with a numeric name',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": [{"name": 1, "rawData": {}}]}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an empty property name',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "": 1}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a property name with a NUL character',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "a\\u0000b": 1}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData with a header-breaking contentType',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": {"d": {"body": 1, "contentType": "text/plain\\r\\nX: 1"}}}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a __proto__ property',
        raw: '{"entities": [{"__proto__": {"x": 1}, "_key": "k", "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities under __proto__',
        raw: `{"__proto__": {"entities": [${ok}]}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a deeply nested property value',
        raw: `{"entities": [{"_key": "k", "_type": "t", "_class": "C", "deep": ${'['.repeat(20000)}${']'.repeat(20000)}}]}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'deeply nested entities',
        raw: `{"entities": ${'['.repeat(20000)}${']'.repeat(20000)}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'deleteRelationships as a string',
        raw: `{"entities": [${ok}], "deleteRelationships": "all"}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a duplicate JSON key whose last value is invalid',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_class": 5}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'text/plain',
        raw: `{"entities": [${ok}]}`,
        type: 'text/plain',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'application/x-www-form-urlencoded',
        raw: 'entities=1',
        type: 'application/x-www-form-urlencoded',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'gzip announced, plain body sent',
        raw: `{"entities": [${ok}]}`,
        encoding: 'gzip',
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        name: 'an unknown Content-Encoding',
        raw: `{"entities": [${ok}]}`,
        encoding: 'zip-bomb',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ];

    for (const c of odd) {
      it(`${c.name} -> ${c.status}`, async () => {
        const { jobs, accountId, id, before } = await jobWithBaseline('DIFF');
        const res: Res = await request(jobs.app)
          .post(`${JOBS}/${id}/upload`)
          .set(jobs.headers)
          .set('Content-Type', c.type ?? 'application/json')
          .set(c.encoding === undefined ? {} : { 'Content-Encoding': c.encoding })
          .send(c.raw);
        assert.equal(res.status, c.status, res.text);
        const error = (res.body as { error?: { code?: unknown; message?: unknown } }).error;
        assert.equal(error?.code, c.code, res.text);
        assert.ok(typeof error.message === 'string' && error.message !== '', res.text);
        assert.deepEqual(await jobs.job(id), before);
        assert.deepEqual(await stagedFiles(accountId, id), ['batch-<id>.json.gz']);
      });
    }

    it('a gzipped upload is accepted', async () => {
      const { jobs, accountId, id } = await jobWithBaseline('DIFF');
      const res = await request(jobs.app)
        .post(`${JOBS}/${id}/upload`)
        .set(jobs.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize((bytes: unknown) => bytes as string)
        .send(gzipSync(JSON.stringify({ entities: [e('gz')] })));
      assert.equal(res.status, 200, res.text);
      assert.equal((res.body as { job: JobBody }).job.numEntitiesUploaded, 2);
      await jobs.finalize(id);
      assert.deepEqual(await liveEntityKeys(accountId, SCOPE), ['base', 'gz']);
    });

    it('odd but valid names and values are stored as sent, and finalize finishes', async () => {
      const LONG_NAME = 'long-name-'.padEnd(300, 'n');
      const { jobs, accountId, id } = await startJob('DIFF');
      const props = {
        名前: 'ホスト',
        'emoji😀': '🚀',
        'tag.Production': true,
        'space name': 'x',
        'back`tick': 'y',
        'dollar$(name)': 'z',
        [LONG_NAME]: 1,
        max: Number.MAX_VALUE,
        min: -Number.MAX_VALUE,
        tiny: Number.MIN_VALUE,
        bigint: 1.2345678901234568e22,
        negativeZero: -0,
        emptyArray: [],
        numbers: [1, 2.5, -3],
        booleans: [true, false],
        nul: null,
        quote: 'he said "hi" \\ \n \t \u0000 end',
      };
      const res = await jobs.post(id, 'upload', {
        entities: [
          {
            _key: 'ключ-😀',
            _type: 'тип_host',
            _class: ['Host_Machine', 'lower_case2', 'X'],
            ...props,
          },
          { _key: ' ', _type: 't', _class: 'C' },
        ],
      });
      assert.equal(res.status, 200, res.text);
      const done = await jobs.finalize(id);
      assert.deepEqual([done.status, done.numEntitiesCreated], ['FINISHED', 2]);
      const { entities } = await scopeContents(accountId, SCOPE);
      const stored = entities.find((x) => x._key === 'ключ-😀');
      assert.ok(stored !== undefined, JSON.stringify(entities));
      assert.equal(stored._type, 'тип_host');
      assert.deepEqual([...stored.labels].sort(), ['Entity', 'Host_Machine', 'X', 'lower_case2']);
      const expected: Record<string, unknown> = { ...props, negativeZero: 0 };
      delete expected.nul;
      assert.deepEqual(customProps(stored), expected);
    });
  });
});
