import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { defaultLayouts } from '../../../src/notifications/default-layouts';
import {
  freshAccount,
  testAccounts,
  testApp,
  testGraph,
  testRuleEngine,
  TEST_PUBLIC_URL,
} from '../../helpers/harness';
import { SmtpTestServer } from '../actions/smtp-test-server';
import { ruleCalls } from '../rules/rule-evaluation-helpers';
import { entity } from '../sync/semantics-helpers';
import { mailRule } from './notification-helpers';

/**
 * `/notification-templates` (issue 28; docs/guide/notifications.md): custom layouts saved,
 * refused with a message naming the part and line (and nothing stored), previewed against a real
 * evaluation record, deleted back to the default; per account; roles.
 */
const HTML =
  '<html><body><h1>{{rule.name}}</h1>{{#each entities}}<p><a href="{{link}}">{{displayName}}</a> {{@index}}</p>{{/each}}<p>{{plural moreEntities "more" "more"}}</p></body></html>';
const TEXT = '{{subject}}: {{entityCount}}';

describe('notification templates API (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let smtp: SmtpTestServer;
  before(async () => {
    smtp = await new SmtpTestServer().start();
    app = await testApp({ ...(await testRuleEngine({ outbound: { smtpUrl: smtp.url } })) });
  });
  after(() => smtp.close());
  const calls = ruleCalls(() => app);

  it('lists the defaults, stores a custom layout, reads it back, deletes it back to the default', async () => {
    const a = await freshAccount();
    const defaults = defaultLayouts().sources;
    const listed = await request(app).get('/notification-templates').set(a.headers);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, {
      templates: (['alert', 'failure', 'digest'] as const).map((kind) => ({
        kind,
        custom: false,
        ...defaults[kind],
        updatedOn: null,
      })),
    });
    // A default is a whole document that passes the save checks as it is.
    const copy = await request(app)
      .put('/notification-templates/failure')
      .set(a.headers)
      .send(defaults.failure);
    assert.equal(copy.status, 200, JSON.stringify(copy.body));

    const saved = await request(app)
      .put('/notification-templates/alert')
      .set(a.headers)
      .send({ html: HTML, text: TEXT });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.template.custom, true);
    assert.equal(typeof saved.body.template.updatedOn, 'number');
    const read = await request(app).get('/notification-templates/alert').set(a.headers);
    assert.deepEqual(read.body.template, {
      kind: 'alert',
      custom: true,
      html: HTML,
      text: TEXT,
      updatedOn: saved.body.template.updatedOn,
    });
    // Another account still has the default.
    const other = await freshAccount();
    const theirs = await request(app).get('/notification-templates/alert').set(other.headers);
    assert.equal(theirs.body.template.custom, false);

    const deleted = await request(app).delete('/notification-templates/alert').set(a.headers);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.template, {
      kind: 'alert',
      custom: false,
      ...defaults.alert,
      updatedOn: null,
    });
    const again = await request(app).delete('/notification-templates/alert').set(a.headers);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body.error, {
      code: 'NOT_FOUND',
      message: "The account has no custom 'alert' layout; the default is in use",
    });
  });

  it('refuses a layout with an unknown helper, variable, unescaped value, script, partial or guarded address: 400, nothing stored', async () => {
    const a = await freshAccount();
    const cases: Array<[{ html?: string; text?: string }, string]> = [
      [
        { html: '<p>\n{{shout rule.name}}</p>' },
        "html: line 2: uses the unknown helper 'shout'; the helpers are if, unless, each, with, plural, eq",
      ],
      [
        { text: '{{#each entities}}{{lookup . "x"}}{{/each}}' },
        "text: line 1: uses the unknown helper 'lookup'; the helpers are if, unless, each, with, plural, eq",
      ],
      [
        { html: '<p>{{param.token}}</p>' },
        "html: line 1: reads the unknown variable 'param.token'",
      ],
      [
        { html: '{{#each entities}}{{name}}{{/each}}' },
        "html: line 1: reads the unknown variable 'name'",
      ],
      [
        { html: '<p>{{{body}}}</p>' },
        'html: line 1: writes a value unescaped ({{{...}}} or {{&...}}); values are escaped in HTML layouts',
      ],
      [
        { html: '<script>alert(1)</script>{{body}}' },
        'html: line 1: contains the <script> element; messages carry no scripts or active content',
      ],
      [
        { html: '<a href="{{body}}">x</a>' },
        "html: line 1: fills a link with 'body'; links take one of the documented *link variables",
      ],
      [
        { html: '{{> frame}}' },
        'html: line 1: uses a partial ({{> ...}}); a custom layout is one whole document',
      ],
      [{ html: '<p>{{#if body}}x</p>' }, 'html: does not parse: Parse error on line 1:'],
      [
        { html: '<img src="http://198.18.0.1/pixel.png">' },
        'html: A notification layout refused http://198.18.0.1/pixel.png: 198.18.0.1 is a benchmarking address',
      ],
      [
        { html: '<a href="ftp://example.com/x">x</a>' },
        "html: line 1: points to 'ftp://example.com/x'; addresses in a layout are http(s) URLs, mailto: or #fragments",
      ],
      [{ html: `<p>${'x'.repeat(70_000)}</p>` }, '/html must NOT have more than 65536 characters'],
    ];
    for (const [part, message] of cases) {
      const res = await request(app)
        .put('/notification-templates/alert')
        .set(a.headers)
        .send({ html: '<p>{{body}}</p>', text: '{{body}}', ...part });
      assert.equal(
        res.status,
        400,
        `${JSON.stringify(part).slice(0, 80)}: ${JSON.stringify(res.body)}`,
      );
      assert.equal(res.body.error.code, 'VALIDATION_ERROR');
      assert.ok(
        String(res.body.error.message).startsWith(message),
        `${String(res.body.error.message)} should start with ${message}`,
      );
    }
    const [row] = await (
      await testGraph()
    ).read<{ template: unknown }>('notifications/get-template', {
      accountId: a.accountId,
      kind: 'alert',
    });
    assert.equal(row, undefined);
    const unknownKind = await request(app)
      .put('/notification-templates/weekly')
      .set(a.headers)
      .send({ html: 'x', text: 'y' });
    assert.equal(unknownKind.status, 400);
  });

  it('previews a layout (unsaved, stored or default) against a real evaluation record; sends and stores nothing', async () => {
    const { a } = await calls.seeded([
      entity('x1', { _type: 'n_host', _class: 'Host', displayName: 'web <1>', open: true }),
      entity('x2', { _type: 'n_host', _class: 'Host', displayName: 'web-2', open: true }),
    ]);
    const rule = await calls.create(a, mailRule('preview me'));
    const none = await request(app)
      .post('/notification-templates/alert/preview')
      .set(a.headers)
      .send({ ruleId: rule.id });
    assert.equal(none.status, 404);
    assert.deepEqual(none.body.error, {
      code: 'EVALUATION_NOT_FOUND',
      message: `Rule '${String(rule.id)}' has no evaluation to preview with; evaluate it first (POST /rules/${String(rule.id)}/evaluate)`,
    });
    const record = await calls.evaluate(a, String(rule.id));
    const sent = smtp.received.length;

    const unsaved = await request(app)
      .post('/notification-templates/alert/preview')
      .set(a.headers)
      .send({ ruleId: rule.id, html: HTML, text: TEXT });
    assert.equal(unsaved.status, 200, JSON.stringify(unsaved.body));
    const console = `${TEST_PUBLIC_URL}/console`;
    assert.equal(unsaved.body.preview.subject, '[CRITICAL] preview me');
    assert.equal(unsaved.body.preview.text, '[CRITICAL] preview me: 2\n');
    assert.match(
      unsaved.body.preview.html,
      /^<html><body><h1>preview me<\/h1><p><a href="[^"]+\/console\/entities\/[^"]+">web &lt;1&gt;<\/a> 0<\/p><p><a href="[^"]+">web-2<\/a> 1<\/p><p>0 more<\/p><\/body><\/html>$/,
    );
    assert.ok(unsaved.body.preview.html.includes(`${console}/entities/`));
    const stillDefault = await request(app).get('/notification-templates/alert').set(a.headers);
    assert.equal(stillDefault.body.template.custom, false);

    // The default, against that record: its level, its SEND_EMAIL body as recorded (no token parameter here), its entities.
    const byDefault = await request(app)
      .post('/notification-templates/alert/preview')
      .set(a.headers)
      .send({ ruleId: rule.id, evaluationId: record.id });
    assert.equal(byDefault.status, 200);
    assert.match(byDefault.body.preview.html, /^<!DOCTYPE html>/);
    assert.ok(
      String(byDefault.body.preview.text).startsWith(
        '[CRITICAL] preview me\n\n2 hosts are open. Token:\n\n2 entities:\n- web <1> (Host, n_host)\n',
      ),
      String(byDefault.body.preview.text),
    );
    // A refused unsaved layout is the same 400 as a refused save.
    const bad = await request(app)
      .post('/notification-templates/alert/preview')
      .set(a.headers)
      .send({ ruleId: rule.id, html: '{{nope}}' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.message, "html: line 1: reads the unknown variable 'nope'");
    const noRule = await request(app)
      .post('/notification-templates/failure/preview')
      .set(a.headers)
      .send({});
    assert.equal(noRule.status, 400);
    assert.equal(
      noRule.body.error.message,
      "A preview of the 'failure' layout needs ruleId: the rule whose evaluation it renders",
    );
    // The failure notice of the same record (it did not fail: no errors recorded).
    const failure = await request(app)
      .post('/notification-templates/failure/preview')
      .set(a.headers)
      .send({ ruleId: rule.id });
    assert.equal(failure.body.preview.subject, "[graphsync] Rule 'preview me' failed");
    assert.ok(failure.body.preview.text.includes('\n- (none recorded)\n'));
    assert.equal(smtp.received.length, sent, 'a preview sends nothing');
  });

  it('reading needs role read; saving, deleting and previewing need write', async () => {
    const a = await freshAccount();
    const accounts = await testAccounts();
    const reader = await accounts.createApiKey({ accountId: a.accountId, roles: ['read'] });
    const ingest = await accounts.createApiKey({ accountId: a.accountId, roles: ['ingest'] });
    const as = (secret: string) => ({ ...a.headers, Authorization: `Bearer ${secret}` });
    assert.equal(
      (await request(app).get('/notification-templates').set(as(reader.secret))).status,
      200,
    );
    assert.equal(
      (await request(app).get('/notification-templates').set(as(ingest.secret))).status,
      403,
    );
    for (const res of [
      await request(app)
        .put('/notification-templates/alert')
        .set(as(reader.secret))
        .send({ html: 'x', text: 'y' }),
      await request(app).delete('/notification-templates/alert').set(as(reader.secret)),
      await request(app)
        .post('/notification-templates/alert/preview')
        .set(as(reader.secret))
        .send({}),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'INSUFFICIENT_ROLE');
    }
  });
});
