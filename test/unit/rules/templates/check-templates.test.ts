import assert from 'node:assert/strict';
import { checkExpression, checkTemplates } from '../../../../src/rules/templates/check-templates';

/** Save-time checks: every template problem under a value, found without evaluating it. */
describe('rule templates: checkTemplates', () => {
  it('finds nothing in valid templates, plain strings and non-strings', () => {
    assert.deepEqual(
      checkTemplates({
        a: '{{queries.query0.total > 0}}',
        b: [
          'plain',
          1,
          true,
          null,
          { c: "x {{ queries.query0.data | mapProperty('a') | join }} y" },
        ],
        d: '{{ missing.path.is.fine }}',
      }),
      [],
    );
  });

  it('reports each problem with its JSON pointer, in document order', () => {
    const issues = checkTemplates(
      {
        operations: [
          {
            actions: [
              { body: 'ok {{ 1 + }}' },
              {
                body: '{{ x | nope }} and {{ y ?: }}',
                recipients: ['{{ param.list', '{{ f(1) }}'],
              },
            ],
          },
        ],
      },
      { pointer: '/rule' },
    );
    assert.deepEqual(issues, [
      {
        pointer: '/rule/operations/0/actions/0/body',
        problem: 'parse',
        message:
          'Template {{ 1 + }} does not parse: Unexpected end of expression: 1 + (at /rule/operations/0/actions/0/body, character 3)',
      },
      {
        pointer: '/rule/operations/0/actions/1/body',
        problem: 'invalid',
        message:
          'Template {{ x | nope }} is invalid: there is no transform nope (the transforms are mapTemplate, mapProperty, merge, join, uniquePropertyValues, length) (at /rule/operations/0/actions/1/body, character 0)',
      },
      {
        pointer: '/rule/operations/0/actions/1/body',
        problem: 'parse',
        message:
          'Template {{ y ?: }} does not parse: Unexpected end of expression after ?: (at /rule/operations/0/actions/1/body, character 19)',
      },
      {
        pointer: '/rule/operations/0/actions/1/recipients/0',
        problem: 'unclosed',
        message:
          'Template has a {{ that is never closed by }} (at /rule/operations/0/actions/1/recipients/0, character 0)',
      },
      {
        pointer: '/rule/operations/0/actions/1/recipients/1',
        problem: 'invalid',
        message:
          'Template {{ f(1) }} is invalid: f() is not a function: templates have none, transforms follow a | (mapTemplate, mapProperty, merge, join, uniquePropertyValues, length) (at /rule/operations/0/actions/1/recipients/1, character 0)',
      },
    ]);
  });

  it('with the rule templates: mapTemplate names that do not exist, in operations and templates', () => {
    const templates = {
      emailBody: "{{item.name}} {{item.tags | mapTemplate('tagLine') | join}}",
      tagLine: '{{item}}',
      broken: "{{ item | mapTemplate('ghost') }}",
    };
    const operations = [
      { body: "{{ queries.query0.data | mapTemplate('emailBody') }}" },
      { body: "{{ queries.query0.data | mapTemplate('emailbody') }}" },
      { body: '{{ queries.query0.data | mapTemplate(param.name) }}' },
    ];
    assert.deepEqual(
      checkTemplates(operations, { templates, pointer: '/operations' }).map((i) => i.message),
      [
        "Template {{ queries.query0.data | mapTemplate('emailbody') }} is invalid: mapTemplate('emailbody') names no template of the rule (its templates: emailBody, tagLine, broken) (at /operations/1/body, character 0)",
      ],
    );
    assert.deepEqual(
      checkTemplates(templates, { templates, pointer: '/templates' }).map((i) => i.pointer),
      ['/templates/broken'],
    );
    // Without templates, names are not checked.
    assert.deepEqual(checkTemplates(operations), []);
  });

  it('a bare expression', () => {
    assert.deepEqual(checkExpression('queries.query0.total'), []);
    assert.deepEqual(
      checkExpression('queries.query0.total >', { pointer: '/c/0' }).map((i) => [
        i.pointer,
        i.problem,
      ]),
      [['/c/0', 'parse']],
    );
  });
});
