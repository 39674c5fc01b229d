import assert from 'node:assert/strict';
import { MAX_TEMPLATE_DEPTH, renderTemplate } from '../../../../src/rules/templates/render';
import type {
  RenderOptions,
  TemplateContext,
} from '../../../../src/rules/templates/template-context';
import { TemplateError } from '../../../../src/rules/templates/template-errors';
import {
  join,
  length,
  mapProperty,
  merge,
  uniquePropertyValues,
} from '../../../../src/rules/templates/transforms';

/**
 * The template transforms (docs/guide/rules.md, "Templates") over list results and table rows,
 * chained.
 */
const person = (id: string, createdOn: number, properties: Record<string, unknown>) => ({
  id,
  entity: { _id: `e${id}`, _createdOn: createdOn, _type: ['person'], displayName: `P${id}` },
  properties,
});

// The docs' FIND Person example: Jon, Jane, Jon.
const PEOPLE = [
  person('1', 1234, { firstName: 'Jon', email: 'jon@x.io' }),
  person('2', 12345, { firstName: 'Jane', email: 'jane@x.io', id: 'emp-2' }),
  person('3', 5555, { firstName: 'Jon' }),
];

const ROWS = [
  { Project: 'alpha', ProjectFindings: 3, 'p.owner': 'ann' },
  { Project: 'beta', ProjectFindings: 0, 'p.owner': 'bob' },
];

const CONTEXT: TemplateContext = {
  alertRuleName: 'people',
  param: { suffix: '!' },
  queries: {
    query0: { total: 3, data: PEOPLE },
    query1: { total: 2, data: ROWS },
    users: { total: 2, data: [{ DisplayName: 'Ann' }, { DisplayName: 'Bob' }] },
    others: { total: 2, data: [{ DisplayName: 'Bob' }, { DisplayName: 'Cy' }] },
    none: { total: 0, data: [] },
  },
};

const TEMPLATES = {
  counter: '{{item.entity.displayName}} ({{itemIndex + 1}}/{{itemCount}})',
  flat: '{{item.firstName}} {{item._createdOn}} {{item.displayName}} {{item.id}} {{item.email}}',
  typed: '{{item.entity._createdOn}}',
  outer: '{{alertRuleName}}:{{item.Project}}{{param.suffix}}',
  pair: 'Property1: {{item.firstName}} - Property2: {{item.email}}',
  nested: "{{item.name}}[{{item.children | mapTemplate('child') | join('+')}}]",
  child: '{{item}}@{{itemIndex}}/{{itemCount}}',
  loop: "{{[item] | mapTemplate('loop')}}",
  notText: 5,
};

const render = (template: string, options: RenderOptions = { templates: TEMPLATES }) =>
  renderTemplate(template, CONTEXT, options);

async function assertRenders(cases: Array<[string, unknown]>): Promise<void> {
  for (const [template, expected] of cases) {
    assert.deepEqual(await render(template), expected, template);
  }
}

describe('rule templates: transforms', () => {
  describe('mapTemplate(name)', () => {
    it('renders the rule template per element with item, itemIndex (0-based) and itemCount', async () => {
      await assertRenders([
        ["{{queries.query0.data | mapTemplate('counter')}}", ['P1 (1/3)', 'P2 (2/3)', 'P3 (3/3)']],
        [
          "{{queries.query0.data | mapTemplate('counter') | join('\n')}}",
          'P1 (1/3)\nP2 (2/3)\nP3 (3/3)',
        ],
      ]);
    });

    it('flattens entity-shaped items: properties, then entity, then id/entity/properties', async () => {
      await assertRenders([
        [
          "{{queries.query0.data | mapTemplate('flat')}}",
          [
            'Jon 1234 P1 1 jon@x.io',
            // properties.id wins over the vertex id; a missing email is empty text.
            'Jane 12345 P2 emp-2 jane@x.io',
            'Jon 5555 P3 3 ',
          ],
        ],
      ]);
    });

    it('a template of one expression keeps each value its type', async () => {
      await assertRenders([
        ["{{queries.query0.data | mapTemplate('typed')}}", [1234, 12345, 5555]],
      ]);
    });

    it('table rows are items as they are, and the outer context stays visible', async () => {
      await assertRenders([
        ["{{queries.query1.data | mapTemplate('outer')}}", ['people:alpha!', 'people:beta!']],
      ]);
    });

    it('templates nest, each level with its own item, itemIndex and itemCount', async () => {
      const context = {
        tree: [
          { name: 'a', children: ['x', 'y'] },
          { name: 'b', children: [] },
        ],
      };
      assert.deepEqual(
        await renderTemplate("{{tree | mapTemplate('nested') | join(' ')}}", context, {
          templates: TEMPLATES,
        }),
        'a[x@0/2+y@1/2] b[]',
      );
    });

    it('a missing or empty input is an empty list; a single value is a list of one', async () => {
      await assertRenders([
        ["{{queries.none.data | mapTemplate('counter')}}", []],
        ["{{queries.nope.data | mapTemplate('counter')}}", []],
        ["{{'solo' | mapTemplate('child')}}", ['solo@0/1']],
      ]);
    });

    it('fails on an unknown template, a non-string name, a template that is not text, endless nesting', async () => {
      const failure = async (template: string) => {
        try {
          await render(template);
        } catch (err) {
          assert.ok(err instanceof TemplateError);
          assert.equal(err.problem, 'runtime');
          return err.message;
        }
        assert.fail(`${template} rendered`);
      };
      assert.match(
        await failure("{{queries.query0.data | mapTemplate('nope')}}"),
        /failed: the rule has no template 'nope' \(its templates: counter, flat, typed, outer, pair, nested, child, loop, notText\)/,
      );
      assert.match(
        await failure("{{queries.query0.data | mapTemplate('notText')}}"),
        /has no template 'notText'/,
      );
      assert.match(
        await failure("{{queries.query0.data | mapTemplate('constructor')}}"),
        /has no template 'constructor'/,
      );
      assert.match(
        await failure('{{queries.query0.data | mapTemplate(1)}}'),
        /failed: mapTemplate takes a template name \(a string\), not a number/,
      );
      assert.equal(
        await failure("{{[1] | mapTemplate('loop')}}"),
        `Template {{[item] | mapTemplate('loop')}} failed: mapTemplate('loop') nests templates more than ${MAX_TEMPLATE_DEPTH} deep (does a template map itself?) (at /templates/loop, character 0)`,
      );
      // Without templates at all.
      await assert.rejects(
        () => render("{{queries.query0.data | mapTemplate('counter')}}", {}),
        /the rule has no template 'counter' \(its templates: none\)/,
      );
    });
  });

  describe('mapProperty(...names)', () => {
    it('one name: the values, read from properties, then entity, then the element', async () => {
      await assertRenders([
        ["{{queries.query0.data | mapProperty('firstName')}}", ['Jon', 'Jane', 'Jon']],
        ["{{queries.query0.data | mapProperty('firstName') | join}}", 'Jon,Jane,Jon'],
        ["{{queries.query0.data | mapProperty('_createdOn') | join}}", '1234,12345,5555'],
        ["{{queries.query0.data | mapProperty('displayName')}}", ['P1', 'P2', 'P3']],
        ["{{queries.query0.data | mapProperty('id')}}", ['1', 'emp-2', '3']],
        ["{{queries.query0.data | mapProperty('email')}}", ['jon@x.io', 'jane@x.io', undefined]],
      ]);
    });

    it('several names: one object per element keyed by the names, ready for mapTemplate', async () => {
      await assertRenders([
        [
          "{{queries.query0.data | mapProperty('firstName', 'email')}}",
          [
            { firstName: 'Jon', email: 'jon@x.io' },
            { firstName: 'Jane', email: 'jane@x.io' },
            { firstName: 'Jon', email: undefined },
          ],
        ],
        [
          "{{queries.query0.data | mapProperty('firstName', 'email') | mapTemplate('pair') | join('\n')}}",
          'Property1: Jon - Property2: jon@x.io\nProperty1: Jane - Property2: jane@x.io\nProperty1: Jon - Property2: ',
        ],
        [
          "{{queries.query0.data[.properties.firstName == 'Jane'] | mapProperty('firstName', 'id')}}",
          [{ firstName: 'Jane', id: 'emp-2' }],
        ],
      ]);
    });

    it('table rows: the row keys, dotted column names included', async () => {
      await assertRenders([
        ["{{queries.query1.data | mapProperty('Project')}}", ['alpha', 'beta']],
        ["{{queries.query1.data | mapProperty('p.owner') | join(' & ')}}", 'ann & bob'],
        [
          "{{queries.query1.data | mapProperty('Project', 'ProjectFindings')}}",
          [
            { Project: 'alpha', ProjectFindings: 3 },
            { Project: 'beta', ProjectFindings: 0 },
          ],
        ],
      ]);
    });

    it('as a plain function: non-objects read undefined, prototype names are not properties', () => {
      assert.deepEqual(mapProperty(['a', 1, null, { a: 2 }], 'a'), [
        undefined,
        undefined,
        undefined,
        2,
      ]);
      assert.deepEqual(mapProperty([{}], 'constructor'), [undefined]);
      assert.deepEqual(mapProperty(undefined, 'a'), []);
      assert.deepEqual(mapProperty({ a: 1 }, 'a'), [1]);
      assert.throws(
        () => mapProperty([], 'a', 2),
        /mapProperty takes property names as strings, not a number/,
      );
      assert.throws(() => mapProperty([]), /needs at least one property name/);
    });
  });

  describe('merge(...arrays)', () => {
    it('concatenates without deduplication', async () => {
      await assertRenders([
        [
          '{{queries.users.data | merge(queries.others.data) | mapProperty("DisplayName")}}',
          ['Ann', 'Bob', 'Bob', 'Cy'],
        ],
        ['{{[1, 2] | merge([2, 3], [4])}}', [1, 2, 2, 3, 4]],
        ['{{[1] | merge()}}', [1]],
        ['{{[1] | merge(queries.nope.data, 5)}}', [1, 5]],
        ['{{queries.nope.data | merge([1])}}', [1]],
      ]);
      assert.deepEqual(merge([[1]], [[2]]), [[1], [2]]);
    });
  });

  describe('join(separator = ",")', () => {
    it('joins elements as text', async () => {
      await assertRenders([
        ["{{['a', 'b', 'c'] | join}}", 'a,b,c'],
        ["{{['a', 'b', 'c'] | join()}}", 'a,b,c'],
        ["{{['a', 'b'] | join(' | ')}}", 'a | b'],
        ["{{['a', 'b'] | join('')}}", 'ab'],
        ['{{[1, true, missing, {k: 1}] | join(";")}}', '1;true;;{"k":1}'],
        ['{{queries.nope.data | join}}', ''],
        ["{{'one' | join}}", 'one'],
      ]);
      assert.equal(join([1, 2], 0), '102');
      // Jexl strings know no \n escape: a rule's JSON writes the newline itself ("join('\n')"),
      // while "join('\\n')" joins with a backslash and an n (jexl 2.3's reading).
      assert.equal(await render("{{['a', 'b'] | join('\n')}}"), 'a\nb');
      assert.equal(await render("{{['a', 'b'] | join('\\n')}}"), 'a\\nb');
    });
  });

  describe('uniquePropertyValues(name)', () => {
    it('the distinct values in first-seen order, read from properties and entity', async () => {
      await assertRenders([
        ["{{queries.query0.data | uniquePropertyValues('firstName')}}", ['Jon', 'Jane']],
        ["{{queries.query0.data | uniquePropertyValues('_type')}}", ['person']],
        ["{{'person' in (queries.query0.data | uniquePropertyValues('_type'))}}", true],
        ["{{queries.query0.data | uniquePropertyValues('email')}}", ['jon@x.io', 'jane@x.io']],
        ["{{queries.query1.data | uniquePropertyValues('Project')}}", ['alpha', 'beta']],
        ["{{queries.query0.data | uniquePropertyValues('nope')}}", []],
      ]);
      assert.deepEqual(
        uniquePropertyValues([{ a: 0 }, { a: '0' }, { a: 0 }, { a: null }, { a: false }], 'a'),
        [0, '0', false],
      );
      assert.deepEqual(
        uniquePropertyValues([{ a: { x: 1 } }, { a: { x: 1 } }, { a: [{ x: 1 }, [1]] }], 'a'),
        [{ x: 1 }, [1]],
      );
      assert.throws(
        () => uniquePropertyValues([], 1),
        /uniquePropertyValues takes property names as strings/,
      );
    });
  });

  it('array-valued properties: uniquePropertyValues opens them, mapProperty and merge keep them', () => {
    const tagged = [{ tags: ['a', 'b'] }, { tags: ['b', 'c', null] }, { tags: 'd' }, {}];
    assert.deepEqual(uniquePropertyValues(tagged, 'tags'), ['a', 'b', 'c', 'd']);
    assert.deepEqual(mapProperty(tagged, 'tags'), [['a', 'b'], ['b', 'c', null], 'd', undefined]);
    assert.deepEqual(merge(mapProperty(tagged.slice(0, 2), 'tags'), [['e']]), [
      ['a', 'b'],
      ['b', 'c', null],
      ['e'],
    ]);
  });

  describe('length', () => {
    it('counts elements, or characters of a string', async () => {
      await assertRenders([
        ['{{queries.query0.data | length}}', 3],
        ['{{queries.none.data | length}}', 0],
        ['{{queries.nope.data | length}}', 0],
        ["{{'abcd' | length}}", 4],
        ["{{queries.query0.data | uniquePropertyValues('firstName') | length}}", 2],
      ]);
      assert.equal(length({ a: 1 }), 1);
    });
  });

  describe('chains', () => {
    it('the docs examples', async () => {
      await assertRenders([
        [
          "Total Query Results: {{ queries.users.data | merge(queries.others.data) | uniquePropertyValues('DisplayName') | length}}",
          'Total Query Results: 3',
        ],
        [
          "{{ queries.users.data | merge(queries.others.data) | uniquePropertyValues('DisplayName') | join('\n') }}",
          'Ann\nBob\nCy',
        ],
        ['{{ queries.query0.data | mapProperty("firstName") | join }}', 'Jon,Jane,Jon'],
        [
          "{{ queries.query0.data | mapTemplate('counter') | length > 2 ? 'many' : 'few' }}",
          'many',
        ],
      ]);
    });
  });
});
