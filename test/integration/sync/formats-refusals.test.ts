import assert from 'node:assert/strict';
import request from 'supertest';
import { entity, JOBS } from './lifecycle-helpers';
import {
  csv,
  ENCODE,
  type Encoding,
  type ErrorBody,
  json,
  jobWithBaseline,
  type Payload,
  send,
  YAML_TYPE,
} from './formats-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload formats (issue 4) through HTTP on the real Neo4j: malformed, undecodable and unsupported
 * bodies are refused and leave the job exactly as it was.
 */

const ACCEPTED = 'application/json, text/csv, application/yaml, text/yaml, application/x-yaml';

forEachBlobStore('sync jobs: upload formats (HTTP, real Neo4j)', () => {
  describe('malformed, undecodable and unsupported bodies change nothing', () => {
    interface Refusal {
      name: string;
      payload: Payload;
      /** A Content-Encoding sent with the plain bytes. */
      claimed?: Encoding;
      status: number;
      message: string | RegExp;
    }
    const cases: Refusal[] = [
      {
        name: 'CSV: a row with too few fields',
        payload: csv('_key,_type,_class', 'a,t,Host', 'b,t'),
        status: 400,
        message: 'CSV line 3: 2 fields, but the header has 3',
      },
      {
        name: 'CSV: a quoted field that is never closed',
        payload: csv('_key,_type,_class', 'a,t,Host', '', 'b,t,"Host'),
        status: 400,
        message: 'CSV line 4: a quoted field is not closed',
      },
      {
        name: 'CSV: a stray quote in an unquoted field',
        payload: csv('_key,_type,_class', 'a,t,Ho"st'),
        status: 400,
        message:
          'CSV line 2: a quote inside an unquoted field (quote the field, and write the quote as "")',
      },
      {
        name: 'CSV: line numbers count the lines inside quoted fields',
        payload: csv('_key,_type,_class,note', 'a,t,Host,"two\r\nlines"', 'b,t'),
        status: 400,
        message: 'CSV line 4: 2 fields, but the header has 4',
      },
      {
        name: 'CSV: a column named twice',
        payload: csv('_key,_type,_class,_key', 'a,t,Host,b'),
        status: 400,
        message: "CSV line 1: column '_key' appears more than once in the header",
      },
      {
        name: 'CSV: a value in a column without a name',
        payload: csv('_key,_type,_class,', 'a,t,Host,', 'b,t,Host,x'),
        status: 400,
        message: 'CSV line 3: column 4 has a value but no name in the header',
      },
      {
        name: 'YAML: a key given twice',
        payload: { type: YAML_TYPE, text: 'entities:\n  - _key: a\n    _key: b\n' },
        status: 400,
        message: 'YAML line 3: Map keys must be unique',
      },
      {
        name: 'YAML: a sequence instead of a mapping',
        payload: { type: YAML_TYPE, text: '- _key: a\n  _type: t\n  _class: Host\n' },
        status: 400,
        message: 'The YAML document must be a mapping with entities and/or relationships',
      },
      {
        name: 'YAML: two documents',
        payload: { type: YAML_TYPE, text: 'entities: []\n---\nentities: []\n' },
        status: 400,
        message: 'YAML line 2: only one document is allowed in an upload',
      },
      {
        name: 'YAML: an alias bomb',
        payload: {
          type: YAML_TYPE,
          text: [
            'a: &a [x, x, x, x, x, x, x, x, x, x]',
            'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
            'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
            'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
            'entities: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
          ].join('\n'),
        },
        status: 400,
        message: /^YAML: Excessive alias count/,
      },
      {
        name: 'JSON labelled gzip, sent plain',
        payload: json({ entities: [entity('k0')] }),
        claimed: 'gzip',
        status: 400,
        message: /^Request body could not be decompressed: /,
      },
      {
        name: 'CSV labelled br, sent plain',
        payload: csv('_key,_type,_class', 'k0,test_host,Host'),
        claimed: 'br',
        status: 400,
        message: /^Request body could not be decompressed: /,
      },
      {
        name: 'text/plain',
        payload: { type: 'text/plain', text: '_key\nk0\n' },
        status: 415,
        message: `Unsupported Content-Type: text/plain (accepted: ${ACCEPTED})`,
      },
    ];
    for (const c of cases) {
      it(`${c.name} -> ${c.status}`, async () => {
        const { jobs, id, assertUntouched } = await jobWithBaseline();
        const res =
          c.claimed === undefined
            ? await send(jobs, id, 'upload', c.payload)
            : await request(jobs.app)
                .post(`${JOBS}/${id}/upload`)
                .set(jobs.headers)
                .set('Content-Type', c.payload.type)
                .set('Content-Encoding', c.claimed)
                .send(c.payload.text);
        assert.equal(res.status, c.status, res.text);
        const error = (res.body as ErrorBody).error;
        const code = { 400: ['VALIDATION_ERROR', 'BAD_REQUEST'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };
        assert.ok(code[c.status as 400 | 415].includes(error?.code ?? ''), res.text);
        if (typeof c.message === 'string') assert.equal(error?.message, c.message);
        else assert.match(error?.message ?? '', c.message);
        await assertUntouched();
      });
    }

    it('corrupt gzip and br bodies (truncated) are 400 and stage nothing', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const text = JSON.stringify({ entities: [entity('k0'), entity('k1')] });
      for (const encoding of ['gzip', 'br'] as const) {
        const whole = ENCODE[encoding](text);
        const res = await request(jobs.app)
          .post(`${JOBS}/${id}/upload`)
          .set(jobs.headers)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .serialize((bytes: unknown) => bytes as string)
          .send(whole.subarray(0, whole.length - 3));
        assert.equal(res.status, 400, res.text);
        assert.equal((res.body as ErrorBody).error?.code, 'BAD_REQUEST');
      }
      await assertUntouched();
    });
  });
});
