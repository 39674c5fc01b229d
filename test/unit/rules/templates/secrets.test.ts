import assert from 'node:assert/strict';
import { evaluateWhen } from '../../../../src/rules/templates/conditions';
import { evaluateExpression, renderTemplate } from '../../../../src/rules/templates/render';
import { opaqueParameters } from '../../../../src/rules/templates/secret-value';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';

/**
 * Secret parameters in templates (docs/guide/rules.md, "Secret parameters"): every route by which
 * an expression could compute something from a secret renders `[secret]` (records, `hide`), is
 * refused (conditions), and only a bare reference gives the real value, only when delivered
 * (`reveal`).
 */
const TOKEN = 'tok-9f3a7Q';
const context = (): TemplateContext => ({
  param: opaqueParameters(
    { token: TOKEN, hosts: ['h1.example', 'h2.example'], port: 8443, plain: 'open' },
    ['token', 'hosts', 'port'],
  ),
  queries: { q: { data: [{ name: 'a' }, { name: 'b' }], total: 2 } },
});
const templates = { line: '{{item}}', wrap: 'x{{item}}', name: '{{param.token}}' };

/** Every way of reading the secret we know of: none may show anything of it. */
const DERIVED = [
  'param.token[0]',
  'param.token[1]',
  "param.token['length']",
  'param.token.length',
  'param.token | length',
  'param.token | join',
  "param.token | join('-')",
  "param.token | mapProperty('length')",
  "param.token | merge('x') | join",
  'param.token | uniquePropertyValues("0")',
  "param.token | mapTemplate('line')",
  "param.hosts | mapTemplate('wrap')",
  "'x' | mapTemplate(param.token)",
  "param.token + 'x'",
  "'x' + param.token",
  'param.port + 1',
  'param.port * 2',
  'param.port // 2',
  "param.token == 'abc'",
  `param.token == '${TOKEN}'`,
  `param.token != '${TOKEN}'`,
  "param.token > 'm'",
  "'tok' in param.token",
  'param.token in [1, 2]',
  'param.hosts[0]',
  'param.hosts[.x == 1]',
  'param.hosts | length',
  '[param.token, 1] | join',
  "param.token ? 'set' : 'unset'",
  '{a: param.token}',
  'param',
];

describe('rule templates: secret parameters', () => {
  it('a record never shows a secret nor anything computed from it', async () => {
    for (const expression of DERIVED) {
      for (const text of [`{{${expression}}}`, `<{{${expression}}}>`]) {
        let shown: string;
        try {
          shown = JSON.stringify(await renderTemplate(text, context(), { templates }));
        } catch (err) {
          shown = (err as Error).message;
        }
        for (const leak of [TOKEN, 'tok-', 'h1.', '8443', '8444', '16886', '4221', '10', 'true']) {
          assert.ok(!shown.includes(leak), `${text} showed ${shown}`);
        }
      }
    }
  });

  it('an expression that reads a secret is [secret] as a whole, even when delivered', async () => {
    for (const secrets of ['hide', 'reveal'] as const) {
      for (const expression of ['param.token[0]', 'param.token | length', "param.token + 'x'"]) {
        assert.equal(
          await renderTemplate(`{{${expression}}}`, context(), { secrets }),
          '[secret]',
          `${secrets} ${expression}`,
        );
      }
      assert.equal(
        await renderTemplate("{{param.token == 'x'}}", context(), { secrets }),
        '[secret]',
      );
    }
  });

  it('a bare reference is the real value only when delivered; [secret] in a record', async () => {
    const ctx = context();
    assert.equal(await renderTemplate('{{param.token}}', ctx), '[secret]');
    assert.equal(await renderTemplate('Bearer {{param.token}}', ctx), 'Bearer [secret]');
    assert.deepEqual(await renderTemplate('{{param.hosts}}', ctx), '[secret]');
    assert.equal(await evaluateExpression('param.port', ctx), '[secret]');
    const reveal = { secrets: 'reveal' as const };
    assert.equal(await renderTemplate('{{param.token}}', ctx, reveal), TOKEN);
    assert.equal(await renderTemplate('Bearer {{ param.token }}', ctx, reveal), `Bearer ${TOKEN}`);
    assert.deepEqual(await renderTemplate('{{param.hosts}}', ctx, reveal), [
      'h1.example',
      'h2.example',
    ]);
    assert.equal(await renderTemplate('{{param.port}}', ctx, reveal), 8443);
    assert.equal(await renderTemplate(':{{param.port}}', ctx, reveal), ':8443');
    // Through mapTemplate, or inside a structure, it stays hidden even when delivered.
    assert.deepEqual(
      await renderTemplate("{{'x' | mapTemplate('name')}}", ctx, { ...reveal, templates }),
      ['[secret]'],
    );
    assert.deepEqual(await renderTemplate('{{[param.token]}}', ctx, reveal), ['[secret]']);
    // Other parameters and variables are untouched.
    assert.equal(
      await renderTemplate('{{param.plain}}-{{queries.q.total}}', ctx, reveal),
      'open-2',
    );
  });

  it('a condition that reads a secret is refused, saying why, whatever the secret is', async () => {
    const conditions: unknown[] = [
      '{{param.token}}',
      "{{param.token == 'abc'}}",
      `{{param.token == '${TOKEN}'}}`,
      '{{param.token.length > 3}}',
      "{{'tok' in param.token}}",
      "{{param.token | mapTemplate('line') | join == 'x'}}",
      ['param.token', '==', TOKEN],
      ['param.token', '!=', 'abc'],
      ['param.port', '>', 1],
      ['queries.q.total', '==', '{{param.port}}'],
      ['OR', ['queries.q.total', '==', 5], ['param.token', '==', 'x']],
    ];
    for (const condition of conditions) {
      await assert.rejects(
        evaluateWhen({ type: 'FILTER', condition }, context(), { templates, pointer: '/w' }),
        (err: Error) => {
          assert.match(err.message, /reads a secret parameter, and a condition cannot/);
          // The rule's own text is quoted; nothing of the secret's value.
          if (!JSON.stringify(condition).includes(TOKEN)) {
            assert.ok(!err.message.includes('tok-'), err.message);
          }
          return true;
        },
        JSON.stringify(condition),
      );
    }
    // Conditions that read no secret still work.
    assert.equal(
      await evaluateWhen({ type: 'FILTER', condition: "{{param.plain == 'open'}}" }, context()),
      true,
    );
  });

  it('error messages of failing expressions on a secret never quote it', async () => {
    for (const expression of [
      "param.token | mapProperty(param.token, 'x')",
      "param.token | mapTemplate('nope')",
      "'x' | mapTemplate(param.token + '')",
      'param.token | mapProperty(1)',
      'param.token.a.b.c',
    ]) {
      try {
        const value = await renderTemplate(`{{${expression}}}`, context(), { templates });
        assert.ok(!JSON.stringify(value).includes('tok'), `${expression}: ${String(value)}`);
      } catch (err) {
        assert.ok(!(err as Error).message.includes('tok-'), (err as Error).message);
      }
    }
  });
});
