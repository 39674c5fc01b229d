import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AppError, ValidationError } from '../../../../src/errors/app-error';
import {
  formatOf,
  locateError,
  readRequestBody,
  readUpload,
  type UploadFormat,
  UPLOAD_MEDIA_TYPES,
} from '../../../../src/sync/intake/upload-formats';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { CLIENT_TRAFFIC_DIR } from '../../../helpers/client-traffic';

/** The JSON-shaped body an upload parses to. */
const parseUpload = async (source: Buffer | string, format: UploadFormat) =>
  (await readUpload(source, format)).body;

/** The format module the upload routes and the bulk file share: bytes -> the JSON shape. */

async function rejects(promise: Promise<unknown>, message: string | RegExp): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof ValidationError, String(err));
    if (typeof message === 'string') assert.equal(err.message, message);
    else assert.match(err.message, message);
    return true;
  });
}

const BODY = {
  entities: [{ _key: 'k', _type: 't', _class: ['A', 'B'], n: 1, b: true, tags: ['x'] }],
  relationships: [{ _key: 'r', _type: 't', _class: 'R', _fromEntityKey: 'k', _toEntityKey: 'k' }],
};

describe('upload formats', () => {
  describe('formatOf', () => {
    const cases: Array<[string | undefined, string | undefined, string | undefined]> = [
      ['application/json', undefined, 'json'],
      ['Application/JSON; charset=utf-8', undefined, 'json'],
      ['application/vnd.api+json', undefined, 'json'],
      ['text/csv', undefined, 'csv'],
      ['text/csv;charset=utf-8;header=present', undefined, 'csv'],
      ['application/yaml', undefined, 'yaml'],
      ['text/yaml', undefined, 'yaml'],
      ['application/x-yaml', undefined, 'yaml'],
      ['text/plain', undefined, undefined],
      [undefined, undefined, undefined],
      // The file name decides when the Content-Type names no format.
      ['application/octet-stream', 'export.CSV', 'csv'],
      [undefined, 'data.yml', 'yaml'],
      [undefined, 'data.yaml', 'yaml'],
      ['', 'data.json', 'json'],
      [undefined, 'data.txt', undefined],
      [undefined, 'csv', undefined],
      // A Content-Type that names a format wins over the name.
      ['text/csv', 'data.json', 'csv'],
    ];
    for (const [type, name, format] of cases) {
      it(`${String(type)} ${name ?? ''} -> ${String(format)}`, () => {
        assert.equal(formatOf(type, name), format);
      });
    }

    it('knows every media type it lists, and only those name csv and yaml', () => {
      for (const [format, types] of Object.entries(UPLOAD_MEDIA_TYPES)) {
        for (const type of types) assert.equal(formatOf(type), format, type);
      }
      assert.deepEqual(UPLOAD_MEDIA_TYPES, {
        json: ['application/json'],
        csv: ['text/csv'],
        yaml: ['application/yaml', 'text/yaml', 'application/x-yaml'],
      });
    });
  });

  describe('parseUpload: the same body from every format', () => {
    const yamlText = [
      'entities:',
      '  - _key: k',
      '    _type: t',
      '    _class: [A, B]',
      '    n: 1',
      '    b: true',
      '    tags: [x]',
      'relationships:',
      '  - { _key: r, _type: t, _class: R, _fromEntityKey: k, _toEntityKey: k }',
    ].join('\n');
    const csvText = [
      '_key,_type,_class,n,b,tags.0,_fromEntityKey,_toEntityKey',
      'k,t,"[""A"",""B""]",1,true,x,,',
      'r,t,R,,,,k,k',
    ].join('\n');

    it('JSON, YAML and CSV, as bytes or text', async () => {
      for (const [format, text] of [
        ['json', JSON.stringify(BODY)],
        ['yaml', yamlText],
        ['csv', csvText],
      ] as const) {
        assert.deepEqual(await parseUpload(Buffer.from(text), format), BODY, format);
        assert.deepEqual(await parseUpload(text, format), BODY, `${format} as text`);
        const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
        assert.deepEqual(await parseUpload(withBom, format), BODY, `${format} with a BOM`);
      }
    });

    it('malformed JSON is a ValidationError', async () => {
      await rejects(
        parseUpload(Buffer.from('{"entities": ['), 'json'),
        'The request body is not valid JSON',
      );
      // Compressed bytes are not decompressed here: the caller does that.
      await rejects(parseUpload(gzipSync('{}'), 'json'), 'The request body is not valid JSON');
    });

    it('YAML is read with the core schema: no dates, no yes/no booleans', async () => {
      assert.deepEqual(await parseUpload('a: yes\nb: 2024-01-01\nc: 0x10\nd: ~\ne: "1"', 'yaml'), {
        a: 'yes',
        b: '2024-01-01',
        c: 16,
        d: null,
        e: '1',
      });
    });

    it('YAML: a __proto__ key is an own property', async () => {
      const body = (await parseUpload('__proto__: { entities: [] }\n', 'yaml')) as object;
      assert.ok(Object.hasOwn(body, '__proto__'));
      assert.equal(Object.getPrototypeOf(body), Object.prototype);
    });

    const yamlRejections: Array<[string, string, string | RegExp]> = [
      [
        'an empty document',
        '',
        'The YAML document must be a mapping with entities and/or relationships',
      ],
      [
        'a sequence',
        '- a\n- b\n',
        'The YAML document must be a mapping with entities and/or relationships',
      ],
      [
        'a scalar',
        'hello\n',
        'The YAML document must be a mapping with entities and/or relationships',
      ],
      [
        'two documents',
        'a: 1\n---\nb: 2\n',
        'YAML line 2: only one document is allowed in an upload',
      ],
      ['a duplicate key', 'a: 1\nb: 2\na: 3\n', 'YAML line 3: Map keys must be unique'],
      ['a tab as indentation', 'a:\n\t- b\n', /^YAML line 2: /],
      ['an unknown alias', 'a: *nope\n', /^YAML: Unresolved alias/],
      [
        'an alias bomb',
        [
          'a: &a [x, x, x, x, x, x, x, x, x, x]',
          'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
          'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
          'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
        ].join('\n'),
        /^YAML: Excessive alias count/,
      ],
    ];
    for (const [name, text, message] of yamlRejections) {
      it(`YAML: ${name} is a ValidationError`, async () => {
        await rejects(parseUpload(text, 'yaml'), message);
      });
    }

    it('YAML: a few aliases are fine', async () => {
      const text = 'common: &c { _type: t, _class: C }\nentities:\n  - { _key: a, <<: *c }\n';
      // `<<` is no merge key in YAML 1.2: it is a (reserved, so invalid) property name.
      assert.deepEqual(await parseUpload(text, 'yaml'), {
        common: { _type: 't', _class: 'C' },
        entities: [{ _key: 'a', '<<': { _type: 't', _class: 'C' } }],
      });
    });
  });

  describe('readRequestBody', () => {
    it('takes a JSON body as already parsed, CSV and YAML as text', async () => {
      const parsed = await readRequestBody(BODY, 'json');
      assert.deepEqual([parsed.body, parsed.lineOf('entities', 0)], [BODY, undefined]);
      // A JSON string body is a value, not text to parse.
      assert.equal((await readRequestBody('{"a":1}', 'json')).body, '{"a":1}');
      const csv = await readRequestBody('_key\nk\n', 'csv');
      assert.deepEqual([csv.body, csv.lineOf('entities', 0)], [{ entities: [{ _key: 'k' }] }, 2]);
      await rejects(readRequestBody({ entities: [] }, 'yaml'), 'A YAML upload body must be text');
    });
  });

  describe('locateError', () => {
    it('prefixes an error about one CSV object with the line it starts on', async () => {
      const upload = await readUpload('_key,_fromEntityKey\n\ne0,\nr0,a\ne1,\n', 'csv');
      const at = (message: string) =>
        (locateError(new ValidationError(message), upload) as Error).message;
      assert.equal(at('/entities/1/_key is required'), 'CSV line 5: /entities/1/_key is required');
      assert.equal(
        at("/entities/0 (entity key: 'e0') has invalid property name '_x'"),
        "CSV line 3: /entities/0 (entity key: 'e0') has invalid property name '_x'",
      );
      assert.equal(
        at('/relationships/0/_key: maximum length exceeded'),
        'CSV line 4: /relationships/0/_key: maximum length exceeded',
      );
      // Not about one object, or about none of this file: unchanged.
      assert.equal(at('entities must have minimum 1 item'), 'entities must have minimum 1 item');
      assert.equal(at('/entities/2/_key is required'), '/entities/2/_key is required');
      assert.equal(at('/entities/10/_key is required'), '/entities/10/_key is required');
      assert.equal(at('/entitiesX/0 is odd'), '/entitiesX/0 is odd');
    });

    it('keeps the code; leaves other errors and other formats alone', async () => {
      const csv = await readUpload('_key\nk\n', 'csv');
      const located = locateError(
        new ValidationError('/entities/0/_key is odd', 'BAD_REQUEST'),
        csv,
      );
      assert.ok(located instanceof ValidationError);
      assert.deepEqual(
        [located.code, located.message],
        ['BAD_REQUEST', 'CSV line 2: /entities/0/_key is odd'],
      );
      const other = new AppError('CONFLICT', '/entities/0/_key is odd');
      assert.equal(locateError(other, csv), other);
      const json = await readUpload('{"entities":[{}]}', 'json');
      const plain = new ValidationError('/entities/0/_key is required');
      assert.equal(locateError(plain, json), plain);
    });
  });

  describe('real client traffic: the CSV importer', () => {
    it('every recorded CSV upload parses into a body that validates, row for row', async () => {
      let checked = 0;
      for (const file of readdirSync(CLIENT_TRAFFIC_DIR).filter((f) => f.endsWith('.jsonl'))) {
        const lines = readFileSync(path.join(CLIENT_TRAFFIC_DIR, file), 'utf8').split('\n');
        for (const line of lines.filter((l) => l.trim() !== '')) {
          const r = JSON.parse(line) as {
            url: string;
            headers: Record<string, string>;
            body?: unknown;
          };
          if (formatOf(r.headers['content-type']) !== 'csv' || typeof r.body !== 'string') continue;
          const route = /\/(upload|entities|relationships)(\?|$)/.exec(r.url)?.[1] as
            'upload' | 'entities' | 'relationships';
          const rows = r.body.trim().split('\n').length - 1;
          const batch = validateUpload(await parseUpload(r.body, 'csv'), {
            syncMode: 'DIFF',
            scope: 's',
            ignoreDuplicates: false,
            ignoreIllegalProperties: false,
            route,
          });
          assert.equal(batch.entities.length + batch.relationships.length, rows, r.url);
          assert.equal(
            route === 'entities' ? batch.entities.length : batch.relationships.length,
            rows,
          );
          checked += 1;
        }
      }
      assert.ok(checked >= 2, `only ${checked} CSV uploads checked`);
    });
  });
});
