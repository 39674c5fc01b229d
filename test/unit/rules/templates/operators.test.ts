import assert from 'node:assert/strict';
import { renderTemplate } from '../../../../src/rules/templates/render';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';

/**
 * The template operators and features (docs/guide/rules.md, "Templates"), each with its exact
 * value: a template of exactly one expression keeps the value's type.
 */
const EMPLOYEES = [
  { first: 'Sterling', last: 'Archer', age: 36 },
  { first: 'Malory', last: 'Archer', age: 75 },
  { first: 'Lana', last: 'Kane', age: 33 },
  { first: 'Cyril', last: 'Figgis', age: 45 },
  { first: 'Cheryl', last: 'Tunt', age: 28 },
];

const vertex = (id: string, type: string, displayName: string, properties: object) => ({
  id,
  entity: { _id: `e-${id}`, _type: [type], _class: ['Host'], displayName },
  properties,
});

const CONTEXT: TemplateContext = {
  employees: EMPLOYEES,
  retireAge: 62,
  age: 30,
  firstName: 'Sterling',
  lastName: 'Archer',
  text: 'foobar',
  nothing: null,
  zero: 0,
  empty: '',
  emptyList: [],
  param: { threshold: 5, owners: ['a@x.io', 'b@x.io'], enabled: false },
  queries: {
    query0: {
      total: 3,
      data: [
        vertex('v1', 'aws_instance', 'web-1', { x: 1, 'tag.Env': 'prod' }),
        vertex('v2', 'aws_s3_bucket', 'logs', { x: 2 }),
        vertex('v3', 'aws_instance', 'web-2', { x: 3 }),
      ],
    },
    rows: {
      total: 2,
      data: [
        { finding: vertex('f1', 'watchtowr_finding', 'CVE-1', {}), 'u.name': 'ann' },
        { finding: vertex('f2', 'watchtowr_finding', 'CVE-2', {}), 'u.name': 'bob' },
      ],
    },
    none: { total: 0, data: [] },
  },
};

const value = (expression: string, context: TemplateContext = CONTEXT) =>
  renderTemplate(`{{${expression}}}`, context);

async function assertValues(cases: Array<[string, unknown]>): Promise<void> {
  for (const [expression, expected] of cases) {
    assert.deepEqual(await value(expression), expected, expression);
  }
}

describe('rule templates: operators and native features (jexl)', () => {
  it('unary ! negates truthiness', async () => {
    await assertValues([
      ['!true', false],
      ['!false', true],
      ['!0', true],
      ['!zero', true],
      ["!''", true],
      ['!empty', true],
      ["!'x'", false],
      ['!missing', true],
      ['!!queries.query0.total', true],
    ]);
  });

  it('binary + - * / // % ^ on numbers, + concatenating strings', async () => {
    await assertValues([
      ['1 + 2', 3],
      ["'a' + 'b'", 'ab'],
      ["'a' + 1", 'a1'],
      ["1 + '1'", '11'],
      ['firstName + " " + lastName', 'Sterling Archer'],
      ['age + 10', 40],
      ['10 - 4', 6],
      ['-7.2 + 1', -6.2],
      ['6 * 7', 42],
      ['7 / 2', 3.5],
      ['1 / 0', Infinity],
      ['7 // 2', 3],
      ['-7 // 2', -4],
      ['7 % 3', 1],
      ['2 ^ 10', 1024],
      ['2 + 3 * 4', 14],
      ['(2 + 3) * 4', 20],
      ['(83 + 1) / 2', 42],
    ]);
  });

  it('&& and || short-circuit and yield an operand, not a boolean', async () => {
    await assertValues([
      ['true && false', false],
      ['true && true', true],
      ["1 && 'y'", 'y'],
      ["0 && 'y'", 0],
      ['false || true', true],
      ["0 || 'x'", 'x'],
      ["'a' || 'b'", 'a'],
      ['missing || queries.query0.total', 3],
      ['1 < 3 && (4 > 2 || 2 > 4)', true],
    ]);
  });

  it('comparisons == != > >= < <=, with JavaScript loose equality', async () => {
    await assertValues([
      ['1 == 1', true],
      ["1 == '1'", true],
      ['1 != 2', true],
      ['1 != 1', false],
      ["'a' != 'b'", true],
      ['3 > 2', true],
      ['2 > 2', false],
      ['2 >= 2', true],
      ['1 < 2', true],
      ['2 < 2', false],
      ['2 <= 2', true],
      ["'b' > 'a'", true],
      ['queries.query0.total > 0', true],
      ['queries.query0.total != 0', true],
      ['missing == nothing', true],
    ]);
  });

  it('in: element of an array or substring of a string', async () => {
    await assertValues([
      ["'o' in text", true],
      ["'foo' in 'foobar'", true],
      ["'baz' in 'foobar'", false],
      ['2 in [1, 2, 3]', true],
      ["'2' in [1, 2, 3]", false],
      ["'a@x.io' in param.owners", true],
      ["'aws_instance' in queries.query0.data[0].entity._type", true],
      ["'x' in missing", false],
    ]);
  });

  it('ternary a ? b : c and Elvis x ?: default (the jexl README’s examples included)', async () => {
    await assertValues([
      ["'' ? 'Full' : 'Empty'", 'Empty'],
      ["'foo' in 'foobar' ? 'Yes' : 'No'", 'Yes'],
      ["queries.query0.total > 2 ? 'many' : 'few'", 'many'],
      ["{agent: 'Archer'}.agent ?: 'Kane'", 'Archer'],
      ["{agent: ''}.agent ?: 'Kane'", 'Kane'],
      ["missing ?: 'n/a'", 'n/a'],
      ['zero ?: 7', 7],
      ["nothing ?: 'none'", 'none'],
      ['queries.query0.total ?: 0', 3],
    ]);
  });

  it('native types: booleans, quoted strings, numbers, objects, arrays', async () => {
    await assertValues([
      ['true', true],
      ['false', false],
      ['"Hello \\"user\\""', 'Hello "user"'],
      ["'Hey there!'", 'Hey there!'],
      ["'it\\'s'", "it's"],
      ['6', 6],
      ['-7.2', -7.2],
      ['-3.14159', -3.14159],
      ["{hello: 'world!'}", { hello: 'world!' }],
      ["{a: {b: [1, 'two']}}", { a: { b: [1, 'two'] } }],
      ["['hello', 'world!']", ['hello', 'world!']],
      ['[]', []],
      ['[1, [2, 3]]', [1, [2, 3]]],
      ["{agent: 'Archer'}.agent", 'Archer'],
    ]);
  });

  it('jexl has no null literal: null (like any unknown name) is undefined', async () => {
    await assertValues([
      ['null', undefined],
      ['undefined', undefined],
    ]);
  });

  it('collection filters: list[.prop == value], chained, with a trailing .prop (the docs examples)', async () => {
    await assertValues([
      ["employees[.first == 'Sterling']", [EMPLOYEES[0]]],
      ["employees[.last == 'Tu' + 'nt'].first", 'Cheryl'],
      ['employees[.age >= 30 && .age < 40]', [EMPLOYEES[0], EMPLOYEES[2]]],
      ['employees[.age >= 30 && .age < 40][.age < 35]', [EMPLOYEES[2]]],
      ['employees[.age >= retireAge].first', 'Malory'],
      ["employees[.last == 'Archer'] | length", 2],
      ["employees[.first == 'Nobody']", []],
      ["employees[.first == 'Nobody'].first", undefined],
    ]);
  });

  it('filters over query results: entity paths, _type arrays, and table rows', async () => {
    await assertValues([
      ["queries.query0.data[.entity._type == 'aws_s3_bucket'].properties.x", 2],
      ["queries.query0.data['aws_instance' in .entity._type] | mapProperty('x')", [1, 3]],
      // `_type` is a one-element array: loose == compares its text, so this works too.
      ["queries.query0.data[.entity._type == 'aws_instance'].entity.displayName", 'web-1'],
      ['queries.query0.data[.properties.x > 1][.properties.x < 3].id', 'v2'],
      ["queries.rows.data[.finding.entity.displayName == 'CVE-2'][0]['u.name']", 'bob'],
      // A bracketed key names the list's own property (as in jexl): no first-element reading.
      ["queries.rows.data[.finding.entity.displayName == 'CVE-2']['u.name']", undefined],
      [
        "queries.rows.data[.finding.entity.displayName == 'CVE-2'] | mapProperty('u.name')",
        ['bob'],
      ],
    ]);
  });

  it('indexing: list[n], obj[key] for dotted flat keys, and own properties only', async () => {
    await assertValues([
      ['employees[1].first', 'Malory'],
      ['employees[9]', undefined],
      ['employees[-1]', undefined],
      ["queries.query0.data[0].properties['tag.Env']", 'prod'],
      ["queries.query0.data[0].properties['missing']", undefined],
      ["param['threshold']", 5],
      ["param['constructor']", undefined],
      ["param['toString']", undefined],
      ['text[1]', 'o'],
      ['text.length', 6],
      ['employees[true]', EMPLOYEES],
      ['employees[false]', undefined],
    ]);
  });

  it('property access on a list reads its FIRST element (jexl native, as JupiterOne’s templates do)', async () => {
    await assertValues([
      ['employees.first', 'Sterling'],
      ['queries.query0.data.id', 'v1'],
      ['queries.query0.data.entity.displayName', 'web-1'],
      ['queries.rows.data.finding.id', 'f1'],
      ['queries.rows.data.finding.entity.displayName', 'CVE-1'],
      // The list's own length is not reachable this way: `| length` is.
      ['employees.length', undefined],
      ['employees | length', 5],
    ]);
    // attack-path.json's TAG_ENTITIES: the first row's finding only, as a one-element list.
    assert.deepEqual(await renderTemplate('{{[queries.rows.data.finding]}}', CONTEXT), [
      vertex('f1', 'watchtowr_finding', 'CVE-1', {}),
    ]);
  });

  it('a missing path is undefined, never an error, also through empty lists and nulls', async () => {
    await assertValues([
      ['missing', undefined],
      ['missing.deeper.still', undefined],
      ['queries.nope.total', undefined],
      ['queries.nope.total > 0', false],
      ['queries.queryBAD.total > 0', false],
      ['queries.none.data.x', undefined],
      ['queries.none.data.entity.displayName', undefined],
      ['emptyList[0].x', undefined],
      ['missing[0]', undefined],
      ['nothing.x', undefined],
      ['nothing[0]', undefined],
      ["employees[.first == 'Nobody'].first.more", undefined],
      ['[queries.none.data.finding]', [undefined]],
      ['missing[.x == 1]', []],
    ]);
  });
});
