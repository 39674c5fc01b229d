import assert from 'node:assert/strict';
import { AppError } from '../../../../src/errors/app-error';
import {
  evaluateExpression,
  renderDeep,
  renderTemplate,
} from '../../../../src/rules/templates/render';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { TemplateError } from '../../../../src/rules/templates/template-errors';
import { scanTemplate } from '../../../../src/rules/templates/template-scan';
import { toText } from '../../../../src/rules/templates/template-text';

/** Templating rule 1 (exactly one expression keeps its type), text rendering, renderDeep, errors. */
const CONTEXT: TemplateContext = {
  alertRuleName: 'unencrypted-volumes',
  alertLevel: 'HIGH',
  queries: { query0: { total: 2, data: [{ a: 1 }, { a: 2 }] } },
  param: { owners: ['a@x.io', 'b@x.io'], token: 's3cr3t', flag: true },
  nothing: null,
  fn: { f: () => 1 },
};

async function templateError(run: () => Promise<unknown>): Promise<TemplateError> {
  try {
    await run();
  } catch (err) {
    assert.ok(err instanceof TemplateError, String(err));
    assert.ok(err instanceof AppError);
    assert.equal(err.code, 'VALIDATION_ERROR');
    return err;
  }
  assert.fail('expected a TemplateError');
}

describe('rule templates: rendering', () => {
  describe('exactly one expression keeps its type (templating rule 1)', () => {
    it('boolean, number, string, list, object and undefined come back as they are', async () => {
      const cases: Array<[string, unknown]> = [
        ['{{true}}', true],
        ['{{queries.query0.total > 0}}', true],
        ['{{queries.query0.total}}', 2],
        ['{{alertRuleName}}', 'unencrypted-volumes'],
        ['{{queries.query0.data}}', [{ a: 1 }, { a: 2 }]],
        ['{{param.owners}}', ['a@x.io', 'b@x.io']],
        ['{{ {level: alertLevel} }}', { level: 'HIGH' }],
        ['{{missing}}', undefined],
        ['{{nothing}}', null],
      ];
      for (const [template, expected] of cases) {
        assert.deepEqual(await renderTemplate(template, CONTEXT), expected, template);
      }
    });

    it('whitespace inside the braces is part of the expression; outside it is text', async () => {
      assert.equal(await renderTemplate('{{ queries.query0.total }}', CONTEXT), 2);
      assert.equal(await renderTemplate('{{\n  queries.query0.total\n}}', CONTEXT), 2);
      assert.equal(await renderTemplate(' {{queries.query0.total}}', CONTEXT), ' 2');
      assert.equal(await renderTemplate('{{queries.query0.total}}\n', CONTEXT), '2\n');
      assert.equal(await renderTemplate(' {{param.owners}}', CONTEXT), ' a@x.io,b@x.io');
    });

    it('the returned list is the context list itself (no copy)', async () => {
      assert.equal(
        await renderTemplate('{{queries.query0.data}}', CONTEXT),
        CONTEXT.queries?.query0?.data,
      );
    });

    it('a function reached in the context is undefined, not returned', async () => {
      assert.equal(await renderTemplate('{{fn.f}}', CONTEXT), undefined);
      assert.equal(await renderTemplate('x{{fn.f}}', CONTEXT), 'x');
    });
  });

  describe('several expressions or extra text make a string', () => {
    it('each value as text, in place', async () => {
      assert.equal(await renderTemplate('{{1}}{{2}}', CONTEXT), '12');
      assert.equal(
        await renderTemplate(
          '{{queries.query0.total + 10}} is my age and my name is {{alertRuleName + "!"}}',
          CONTEXT,
        ),
        '12 is my age and my name is unencrypted-volumes!',
      );
      assert.equal(await renderTemplate('Bearer {{param.token}}', CONTEXT), 'Bearer s3cr3t');
      assert.equal(
        await renderTemplate('flag={{param.flag}} n={{queries.query0.total}}', CONTEXT),
        'flag=true n=2',
      );
    });

    it('undefined and null are empty text; lists are comma-separated; objects are JSON', async () => {
      assert.equal(await renderTemplate('[{{missing}}]', CONTEXT), '[]');
      assert.equal(await renderTemplate('[{{nothing}}]', CONTEXT), '[]');
      assert.equal(await renderTemplate('To: {{param.owners}}', CONTEXT), 'To: a@x.io,b@x.io');
      assert.equal(await renderTemplate('{{[1, missing, "x"]}}!', CONTEXT), '1,,x!');
      assert.equal(await renderTemplate('{{queries.query0.data}}!', CONTEXT), '{"a":1},{"a":2}!');
      assert.equal(await renderTemplate('{{ {a: [1, 2]} }}!', CONTEXT), '{"a":[1,2]}!');
      assert.equal(await renderTemplate('{{1 / 0}} {{false}}', CONTEXT), 'Infinity false');
    });

    it('toText, the rule itself', () => {
      assert.equal(toText('s'), 's');
      assert.equal(toText(1.5), '1.5');
      assert.equal(toText(false), 'false');
      assert.equal(toText(undefined), '');
      assert.equal(toText(null), '');
      assert.equal(toText([1, [2, 3], null, 'a']), '1,2,3,,a');
      assert.equal(toText({ k: 'v', n: null }), '{"k":"v","n":null}');
      assert.equal(
        toText(() => 1),
        '',
      );
    });
  });

  describe('scanning {{ }}', () => {
    it('text without {{ is returned unchanged, }} alone is text', async () => {
      assert.equal(await renderTemplate('plain', CONTEXT), 'plain');
      assert.equal(await renderTemplate('', CONTEXT), '');
      assert.equal(await renderTemplate('a }} b', CONTEXT), 'a }} b');
      assert.equal(await renderTemplate('{{1}}}', CONTEXT), '1}');
    });

    it('object literals and strings holding }} stay inside one expression', async () => {
      assert.deepEqual(await renderTemplate('{{ {a: {b: 1}} }}', CONTEXT), { a: { b: 1 } });
      assert.deepEqual(await renderTemplate('{{{a: 1}}}', CONTEXT), { a: 1 });
      assert.equal(await renderTemplate("{{ 'a}}b' }}", CONTEXT), 'a}}b');
      assert.equal(await renderTemplate('{{ "x\\"}}" }}', CONTEXT), 'x"}}');
    });

    it('segments and positions', () => {
      assert.deepEqual(scanTemplate('Hi {{ a }}, {{b}}!'), [
        { kind: 'text', text: 'Hi ' },
        { kind: 'expression', source: ' a ', position: 3 },
        { kind: 'text', text: ', ' },
        { kind: 'expression', source: 'b', position: 12 },
        { kind: 'text', text: '!' },
      ]);
    });
  });

  describe('errors name the expression, its position and pointer', () => {
    it('a syntax error', async () => {
      const err = await templateError(() =>
        renderTemplate('Hello {{ alertRuleName }} and {{ 1 + }}', CONTEXT, {
          pointer: '/operations/0/actions/2/body',
        }),
      );
      assert.equal(
        err.message,
        'Template {{ 1 + }} does not parse: Unexpected end of expression: 1 + (at /operations/0/actions/2/body, character 30)',
      );
      assert.equal(err.problem, 'parse');
      assert.deepEqual(err.details, {
        problem: 'parse',
        template: 'Hello {{ alertRuleName }} and {{ 1 + }}',
        expression: ' 1 + ',
        position: 30,
        pointer: '/operations/0/actions/2/body',
      });
    });

    it('syntax is checked before anything is evaluated', async () => {
      const err = await templateError(() =>
        renderTemplate("{{ x | mapTemplate('none') }} {{ ) }}", CONTEXT),
      );
      assert.equal(err.problem, 'parse');
      assert.equal(err.details?.position, 30);
    });

    it('an empty expression, an unclosed {{, an incomplete Elvis', async () => {
      const empty = await templateError(() => renderTemplate('a {{ }}', CONTEXT));
      assert.equal(
        empty.message,
        'Template {{ }} does not parse: the expression is empty (character 2)',
      );
      const unclosed = await templateError(() => renderTemplate('ok {{1}} then {{ oops', CONTEXT));
      assert.equal(unclosed.message, 'Template has a {{ that is never closed by }} (character 14)');
      assert.equal(unclosed.problem, 'unclosed');
      const quote = await templateError(() => renderTemplate("{{ 'open }}", CONTEXT));
      assert.equal(quote.problem, 'unclosed');
      const elvis = await templateError(() => renderTemplate('{{ x ?: }}', CONTEXT));
      assert.equal(
        elvis.message,
        'Template {{ x ?: }} does not parse: Unexpected end of expression after ?: (character 0)',
      );
    });

    it('an unknown transform, a function call, a wrong argument count', async () => {
      const cases: Array<[string, string]> = [
        [
          '{{ x | upper }}',
          'Template {{ x | upper }} is invalid: there is no transform upper (the transforms are mapTemplate, mapProperty, merge, join, uniquePropertyValues, length) (character 0)',
        ],
        [
          '{{ now() }}',
          'Template {{ now() }} is invalid: now() is not a function: templates have none, transforms follow a | (mapTemplate, mapProperty, merge, join, uniquePropertyValues, length) (character 0)',
        ],
        [
          "{{ x | join(',', ';') }}",
          "Template {{ x | join(',', ';') }} is invalid: join takes at most 1 argument, not 2 (character 0)",
        ],
        [
          '{{ x | mapProperty }}',
          'Template {{ x | mapProperty }} is invalid: mapProperty takes at least 1 argument, not 0 (character 0)',
        ],
        [
          '{{ x | mapTemplate }}',
          'Template {{ x | mapTemplate }} is invalid: mapTemplate takes 1 argument, not 0 (character 0)',
        ],
        [
          "{{ x | length('a') }}",
          "Template {{ x | length('a') }} is invalid: length takes 0 arguments, not 1 (character 0)",
        ],
        [
          "{{ x | uniquePropertyValues('a', 'b') }}",
          "Template {{ x | uniquePropertyValues('a', 'b') }} is invalid: uniquePropertyValues takes 1 argument, not 2 (character 0)",
        ],
      ];
      for (const [template, message] of cases) {
        const err = await templateError(() => renderTemplate(template, CONTEXT));
        assert.equal(err.problem, 'invalid', template);
        assert.equal(err.message, message);
      }
    });

    it('a failure while evaluating', async () => {
      const err = await templateError(() =>
        renderTemplate("{{ queries.query0.data | mapTemplate('nope') }}", CONTEXT, {
          templates: { emailBody: 'x' },
          pointer: '/body',
        }),
      );
      assert.equal(
        err.message,
        "Template {{ queries.query0.data | mapTemplate('nope') }} failed: the rule has no template 'nope' (its templates: emailBody) (at /body, character 0)",
      );
      assert.equal(err.problem, 'runtime');
      const property = await templateError(() =>
        renderTemplate('{{ queries.query0.data | mapProperty(1) }}', CONTEXT),
      );
      assert.equal(
        property.message,
        'Template {{ queries.query0.data | mapProperty(1) }} failed: mapProperty takes property names as strings, not a number (character 0)',
      );
    });
  });

  describe('renderDeep', () => {
    it('renders every string under a JSON value; keys and non-strings stay', async () => {
      const action = {
        type: 'WEBHOOK',
        method: 'POST',
        headers: { Authorization: 'Bearer {{param.token}}', '{{key}}': 'kept key' },
        body: {
          total: '{{queries.query0.total}}',
          owners: '{{param.owners}}',
          nested: [{ level: '{{alertLevel}}' }, 42, true, null, 'plain'],
        },
        retries: 3,
      };
      assert.deepEqual(await renderDeep(action, CONTEXT), {
        type: 'WEBHOOK',
        method: 'POST',
        headers: { Authorization: 'Bearer s3cr3t', '{{key}}': 'kept key' },
        body: {
          total: 2,
          owners: ['a@x.io', 'b@x.io'],
          nested: [{ level: 'HIGH' }, 42, true, null, 'plain'],
        },
        retries: 3,
      });
      assert.equal(await renderDeep('{{alertLevel}}', CONTEXT), 'HIGH');
      assert.equal(await renderDeep(7, CONTEXT), 7);
    });

    it('does not change its input', async () => {
      const input = { a: ['{{1 + 1}}'] };
      await renderDeep(input, CONTEXT);
      assert.deepEqual(input, { a: ['{{1 + 1}}'] });
    });

    it('reports the JSON pointer of the failing string below options.pointer', async () => {
      const err = await templateError(() =>
        renderDeep({ tags: [{ name: 'a', value: 'ok' }, { 'x/y': '{{ ( }}' }] }, CONTEXT, {
          pointer: '/operations/0/actions/1',
        }),
      );
      assert.equal(err.details?.pointer, '/operations/0/actions/1/tags/1/x~1y');
    });
  });

  describe('evaluateExpression (a bare expression, as condition paths are)', () => {
    it('evaluates with the same language and reports errors at the expression', async () => {
      assert.equal(await evaluateExpression('queries.query0.total', CONTEXT), 2);
      assert.equal(await evaluateExpression('queries.nope.total', CONTEXT), undefined);
      assert.equal(await evaluateExpression('queries.query0.data | length', CONTEXT), 2);
      const err = await templateError(() =>
        evaluateExpression('queries.', CONTEXT, { pointer: '/p' }),
      );
      assert.equal(err.details?.pointer, '/p');
      assert.equal(err.details?.expression, 'queries.');
    });
  });
});
