import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/errors/app-error';
import { type CsvUpload, parseCsvUpload } from '../../../../src/sync/intake/csv-upload';

/** The CSV conversion rules (docs/decisions/0009-upload-formats.md), file text -> JSON shape. */

const parse = (...lines: string[]): Promise<CsvUpload> =>
  parseCsvUpload(Buffer.from(`${lines.join('\n')}\n`));

/** The value one cell under column `name` converts to (undefined: the property is absent). */
async function cell(name: string, text: string): Promise<unknown> {
  const quoted = `"${text.replace(/"/g, '""')}"`;
  const { body } = await parse(`${name},other`, `${quoted},x`);
  assert.equal(body.entities.length, 1);
  return body.entities[0]![name];
}

async function rejects(text: string | Buffer, message: string): Promise<void> {
  await assert.rejects(
    parseCsvUpload(typeof text === 'string' ? Buffer.from(text) : text),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.message, message);
      assert.equal(err.code, 'VALIDATION_ERROR');
      return true;
    },
  );
}

describe('CSV uploads: conversion to the JSON shape', () => {
  describe('cells', () => {
    const cases: Array<[string, unknown]> = [
      ['42', 42],
      ['0', 0],
      ['-7', -7],
      ['1.5', 1.5],
      ['-0.25', -0.25],
      ['2e3', 2000],
      ['1E-2', 0.01],
      ['9007199254740991', 9007199254740991],
      ['-9007199254740991', -9007199254740991],
      ['true', true],
      ['false', false],
      // Not JSON number literals, or not exactly representable: text as written.
      ['9007199254740992', '9007199254740992'],
      ['12345678901234567890', '12345678901234567890'],
      ['1e400', '1e400'],
      ['007', '007'],
      ['+1', '+1'],
      ['.5', '.5'],
      ['5.', '5.'],
      [' 7', ' 7'],
      ['7 ', '7 '],
      ['0x10', '0x10'],
      ['1_000', '1_000'],
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['TRUE', 'TRUE'],
      ['False', 'False'],
      ['yes', 'yes'],
      ['null', 'null'],
      ['hello, "world"', 'hello, "world"'],
      ['line one\nline two', 'line one\nline two'],
      // A whole JSON array is that array, whatever it holds (validation judges the items).
      ['["a","b"]', ['a', 'b']],
      ['[1, 2.5]', [1, 2.5]],
      ['[true]', [true]],
      ['[]', []],
      ['[1,"a"]', [1, 'a']],
      ['[{"a":1}]', [{ a: 1 }]],
      // Anything else that starts with a bracket is text.
      ['[DRAFT] host', '[DRAFT] host'],
      ['[1, 2', '[1, 2'],
      ['{"a":1}', '{"a":1}'],
      [' [1]', ' [1]'],
    ];
    for (const [text, value] of cases) {
      it(`${JSON.stringify(text)} -> ${JSON.stringify(value)}`, async () => {
        assert.deepEqual(await cell('v', text), value);
      });
    }

    it('an empty cell is an absent property, quoted or not', async () => {
      const { body } = await parse('_key,a,b,c', 'k,,"",x');
      assert.deepEqual(body.entities, [{ _key: 'k', c: 'x' }]);
    });

    it('never converts _-prefixed columns; _class alone may hold a JSON array', async () => {
      const { body } = await parse(
        '_key,_type,_class,_id,_fromEntityKey,_toEntityKey,_custom',
        '42,true,"[""A"",""B""]",007,1e3,"[""x""]",false',
      );
      assert.deepEqual(body.relationships, [
        {
          _key: '42',
          _type: 'true',
          _class: ['A', 'B'],
          _id: '007',
          _fromEntityKey: '1e3',
          _toEntityKey: '["x"]',
          _custom: 'false',
        },
      ]);
      assert.deepEqual((await parse('_key,_class', 'k,5')).body.entities, [
        { _key: 'k', _class: '5' },
      ]);
    });

    it('keeps displayName and owner as text: they are strings', async () => {
      const { body } = await parse('_key,displayName,owner,n', 'k,123456789012,true,7');
      assert.deepEqual(body.entities, [
        { _key: 'k', displayName: '123456789012', owner: 'true', n: 7 },
      ]);
    });

    it('takes cells as written: quoting changes nothing, whitespace is kept', async () => {
      const { body } = await parse('_key,n,q,s', 'k,"42","true"," x "');
      assert.deepEqual(body.entities, [{ _key: 'k', n: 42, q: true, s: ' x ' }]);
    });
  });

  describe('spread arrays (name.0, name.1, ...)', () => {
    it('collects the non-empty cells in index order, converted when all convert alike', async () => {
      const { body } = await parse(
        '_key,n.2,n.0,n.10,n.1,s.0,s.1,b.0,b.1,m.0,m.1,e.0,e.1',
        'k,3,1,4,,a,b,true,false,1,x,,',
      );
      assert.deepEqual(body.entities, [
        { _key: 'k', n: [1, 3, 4], s: ['a', 'b'], b: [true, false], m: ['1', 'x'] },
      ]);
    });

    it('_class.0, _class.1 give a _class array, never converted', async () => {
      const { body } = await parse(
        '_key,_class.0,_class.1,_class.2,_x.0,_x.1',
        'k,1,2,,true,false',
      );
      assert.deepEqual(body.entities, [{ _key: 'k', _class: ['1', '2'], _x: ['true', 'false'] }]);
    });

    it('leaves names whose suffix is no index alone', async () => {
      const { body } = await parse('_key,tag.Production,v.01,v.-1,.0', 'k,yes,1,2,3');
      assert.deepEqual(body.entities, [
        { _key: 'k', 'tag.Production': 'yes', 'v.01': 1, 'v.-1': 2, '.0': 3 },
      ]);
    });

    it('refuses a column that is also spread', async () => {
      await rejects(
        'k,tags,tags.0\n1,2,3\n',
        "CSV line 1: column 'tags' and columns 'tags.0', 'tags.1', ... cannot both be given",
      );
    });
  });

  describe('rows: entities and relationships', () => {
    it('a row is a relationship when any end column has a value in it', async () => {
      const header = '_key,_fromEntityKey,_fromEntityId,_toEntityKey,_toEntityId,n';
      const { body, lines } = await parse(
        header,
        'e0,,,,,1',
        'r0,a,,,,2',
        'r1,,a-id,,,3',
        'e1,,,,,4',
        'r2,,,b,,5',
        'r3,,,,b-id,6',
      );
      assert.deepEqual(
        body.entities.map((e) => e._key),
        ['e0', 'e1'],
      );
      assert.deepEqual(
        body.relationships.map((r) => r._key),
        ['r0', 'r1', 'r2', 'r3'],
      );
      assert.deepEqual(lines, { entities: [2, 5], relationships: [3, 4, 6, 7] });
      assert.deepEqual(body.relationships[1], { _key: 'r1', _fromEntityId: 'a-id', n: 3 });
    });

    it('always gives both lists, so the validator names what an empty file lacks', async () => {
      assert.deepEqual(await parse('_key,_type,_class'), {
        body: { entities: [], relationships: [] },
        lines: { entities: [], relationships: [] },
      });
      assert.deepEqual((await parseCsvUpload(Buffer.alloc(0))).body, {
        entities: [],
        relationships: [],
      });
    });

    it('trims header names; a __proto__ column is an own property', async () => {
      const { body } = await parse(' _key , __proto__ ', 'k,x');
      const [entity] = body.entities;
      assert.ok(Object.hasOwn(entity!, '__proto__'));
      assert.equal(Object.getPrototypeOf(entity), Object.prototype);
      assert.deepEqual(Object.keys(entity!), ['_key', '__proto__']);
    });
  });

  describe('lines', () => {
    it('counts the header, blank lines, skipped empty rows and line breaks inside quotes', async () => {
      const text = [
        '',
        '_key,note',
        'a,"one',
        'two"',
        '',
        ',',
        'b,x',
        '"c","three\r\nfour\rfive"',
        'd,y',
      ].join('\r\n');
      const { body, lines } = await parseCsvUpload(Buffer.from(text));
      assert.deepEqual(
        body.entities.map((e) => e._key),
        ['a', 'b', 'c', 'd'],
      );
      assert.deepEqual(lines.entities, [3, 7, 8, 11]);
    });

    it('strips a UTF-8 byte order mark and keeps multi-byte text', async () => {
      const { body, lines } = await parseCsvUpload(
        Buffer.from('\uFEFF_key,name\r\nk,"Zoë ✓\r\nnext"\r\nl,ü\r\n'),
      );
      assert.deepEqual(body.entities, [
        { _key: 'k', name: 'Zoë ✓\r\nnext' },
        { _key: 'l', name: 'ü' },
      ]);
      assert.deepEqual(lines.entities, [2, 4]);
    });
  });

  describe('malformed CSV: a ValidationError naming the line where the record starts', () => {
    const cases: Array<[string, string, string]> = [
      ['too few fields', 'a,b,c\n1,2,3\n4,5\n', 'CSV line 3: 2 fields, but the header has 3'],
      ['too many fields', 'a,b\n1,2\n\n3,4,5\n', 'CSV line 4: 3 fields, but the header has 2'],
      ['one field', 'a,b\n1\n', 'CSV line 2: 1 field, but the header has 2'],
      [
        'after a CRLF inside quotes',
        'a,b\r\n"x\r\ny",1\r\n2\r\n',
        'CSV line 4: 1 field, but the header has 2',
      ],
      ['an unclosed quote', 'a,b\n1,2\n3,"4\n5,6\n', 'CSV line 3: a quoted field is not closed'],
      [
        'text after a closing quote',
        'a,b\n1,"2"x\n',
        'CSV line 2: a quoted field goes on after its closing quote (inside a quoted field, write a quote as "")',
      ],
      [
        'a quote inside an unquoted field',
        'a,b\n1,2\n3,4"\n',
        'CSV line 3: a quote inside an unquoted field (quote the field, and write the quote as "")',
      ],
      [
        'a header name given twice',
        '\n_key,x,x\n1,2,3\n',
        "CSV line 2: column 'x' appears more than once in the header",
      ],
      [
        'a value under no name',
        'a,,b\n1,,2\n3,4,5\n',
        'CSV line 3: column 2 has a value but no name in the header',
      ],
    ];
    for (const [name, text, message] of cases) {
      it(name, async () => {
        await rejects(text, message);
      });
    }

    it('names the line of a late error in a long file', async () => {
      const rows = Array.from({ length: 5000 }, (_, i) => `k${i},x`);
      await rejects(
        ['_key,v', ...rows, 'bad', 'k,y'].join('\n'),
        'CSV line 5002: 1 field, but the header has 2',
      );
    });
  });
});
