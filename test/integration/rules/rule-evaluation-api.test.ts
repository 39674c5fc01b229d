import assert from 'node:assert/strict';
import fs from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { LocalRuleLock } from '../../../src/rules/schedule/local-rule-lock';
import { buildRuleEngine } from '../../../src/rules/rule-engine';
import { ParameterService } from '../../../src/parameters/parameter-service';
import {
  freshAccount,
  TEST_PUBLIC_URL,
  testApp,
  testGraph,
  testQuery,
  type TestAccount,
} from '../../helpers/harness';
import { ALERT_RULE_CORPUS } from '../../helpers/fixtures';
import { entity, SyncClient } from '../sync/semantics-helpers';

/**
 * The evaluation endpoints' edges over HTTP on real Neo4j: errors and their exact messages,
 * paging, the no-overlap rule, pruning, rules on stored questions, deletion, and a rule of the
 * real-world corpus imported and evaluated end to end.
 */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const QUERY = 'FIND aws_s3_bucket WITH encrypted = false';

function rule(name: string, extra: Body = {}): Body {
  return {
    name,
    question: { queries: [{ query: QUERY }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [{ type: 'CREATE_ALERT' }],
      },
    ],
    ...extra,
  };
}

describe('rules: evaluation API edges (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function create(a: TestAccount, body: Body, on = app): Promise<Body> {
    const res = await request(on).post('/rules').set(a.headers).send(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.rule as Body;
  }

  async function evaluate(a: TestAccount, ruleId: string, on = app): Promise<Body> {
    const res = await request(on).post(`/rules/${ruleId}/evaluate`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  function error(res: request.Response, status: number, code: string, message: string): void {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    assert.equal(res.body.error.message, message);
  }

  it("answers 404 for unknown rules and evaluations, and for another account's", async () => {
    const a = await freshAccount();
    const b = await freshAccount();
    const mine = await create(a, rule('mine'));
    const record = await evaluate(a, mine.id);
    error(
      await request(app).post('/rules/nope/evaluate').set(a.headers),
      404,
      'RULE_NOT_FOUND',
      "No rule with id 'nope' in this account",
    );
    error(
      await request(app).post(`/rules/${mine.id}/evaluate`).set(b.headers),
      404,
      'RULE_NOT_FOUND',
      `No rule with id '${mine.id}' in this account`,
    );
    error(
      await request(app).get(`/rules/${mine.id}/evaluations`).set(b.headers),
      404,
      'RULE_NOT_FOUND',
      `No rule with id '${mine.id}' in this account`,
    );
    error(
      await request(app).get(`/rules/${mine.id}/evaluations/${record.id}`).set(b.headers),
      404,
      'RULE_NOT_FOUND',
      `No rule with id '${mine.id}' in this account`,
    );
    error(
      await request(app).get(`/rules/${mine.id}/evaluations/nope`).set(a.headers),
      404,
      'EVALUATION_NOT_FOUND',
      `Rule '${mine.id}' has no evaluation with id 'nope'`,
    );
  });

  it('refuses bad bodies and parameters with 400, changing nothing', async () => {
    const a = await freshAccount();
    const mine = await create(a, rule('mine'));
    const bad: Array<[request.Test, RegExp]> = [
      [
        request(app)
          .post('/rules/evaluate')
          .set(a.headers)
          .send({ rule: rule('x'), dryRun: false }),
        /dryRun/,
      ],
      [
        request(app)
          .post('/rules/evaluate')
          .set(a.headers)
          .send({ rule: rule('x') }),
        /dryRun/,
      ],
      [
        request(app).post('/rules/evaluate').set(a.headers).send({ rule: 'x', dryRun: true }),
        /rule/,
      ],
      [
        request(app)
          .post('/rules/evaluate')
          .set(a.headers)
          .send({ rule: rule('x'), dryRun: true, extra: 1 }),
        /extra/,
      ],
      [
        request(app).post(`/rules/${mine.id}/evaluate`).set(a.headers).send({ dryRun: 'yes' }),
        /dryRun/,
      ],
      [request(app).get(`/rules/${mine.id}/evaluations?limit=0`).set(a.headers), /limit/],
      [request(app).get(`/rules/${mine.id}/evaluations?limit=101`).set(a.headers), /limit/],
      [request(app).get(`/rules/${mine.id}/evaluations?cursor=nope`).set(a.headers), /cursor/],
    ];
    for (const [req, pattern] of bad) {
      const res = await req;
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(res.body.error.message, pattern);
    }
    error(
      await request(app)
        .post('/rules/evaluate')
        .set(a.headers)
        .send({
          rule: rule('x', { operations: [{ when: true, actions: [{ type: 'NOPE' }] }] }),
          dryRun: true,
        }),
      400,
      'VALIDATION_ERROR',
      '/operations/0/when must be a condition or a list of conditions',
    );
    const listed = await request(app).get(`/rules/${mine.id}/evaluations`).set(a.headers);
    assert.deepEqual(listed.body, { evaluations: [] });
  });

  it('refuses at save what could never evaluate: huge or deeply nested templates, unreadable names', async () => {
    const a = await freshAccount();
    const setting = (targetProperty: string, targetValue: string) =>
      rule('x', {
        operations: [
          {
            when: { type: 'FILTER', condition: true },
            actions: [{ type: 'SET_PROPERTY', targetProperty, targetValue }],
          },
        ],
      });
    const cases: Array<[Body, string]> = [
      [
        setting('x', `{{ ${'['.repeat(2000)}1${']'.repeat(2000)} }}`),
        'the expression is 4003 characters long; at most 4000 are allowed',
      ],
      [
        setting('x', `{{ ${'('.repeat(40)}1${')'.repeat(40)} }}`),
        'nests brackets more than 32 deep',
      ],
      [
        setting('a.b', 'x'),
        '/operations/0/actions/0/targetProperty must be a name templates can read (letters, digits, _ and $, not starting with a digit, not a built-in name such as constructor), not "a.b"',
      ],
      [setting('constructor', 'x'), 'not "constructor"'],
      [rule('x', { outputs: [')('] }), '/outputs/0'],
    ];
    for (const [body, message] of cases) {
      for (const req of [
        request(app).post('/rules').set(a.headers).send(body),
        request(app).post('/rules/evaluate').set(a.headers).send({ rule: body, dryRun: true }),
      ]) {
        const res = await req;
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.ok(
          (res.body.error.message as string).includes(message),
          `${res.body.error.message} lacks ${message}`,
        );
      }
    }
    const fast = Date.now();
    const res = await request(app)
      .post('/rules')
      .set(a.headers)
      .send(setting('x', `{{ ${'!'.repeat(3990)}true }}`));
    assert.ok(res.status === 400 || res.status === 201, JSON.stringify(res.body));
    assert.ok(Date.now() - fast < 5000, 'a long unary chain is judged quickly');
    const rules = await request(app).get('/rules').set(a.headers);
    assert.ok(rules.body.rules.length <= 1);
  });

  it('pages evaluation records newest first and keeps the newest RULE_EVALUATIONS_KEPT', async () => {
    const a = await freshAccount();
    const graph = await testGraph();
    let clock = 1_700_000_000_000;
    const engine = buildRuleEngine({
      graph,
      query: testQuery(graph),
      parameters: new ParameterService({ graph }),
      lock: new LocalRuleLock(),
      evaluationsKept: 3,
      baseUrl: () => TEST_PUBLIC_URL,
      now: () => (clock += 1000),
    });
    const kept = await testApp({ ...engine });
    const mine = await create(a, rule('kept'), kept);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await evaluate(a, mine.id, kept)).id);
    const page1 = await request(kept).get(`/rules/${mine.id}/evaluations?limit=2`).set(a.headers);
    assert.equal(page1.status, 200);
    assert.deepEqual(
      page1.body.evaluations.map((e: Body) => e.id),
      [ids[4], ids[3]],
    );
    assert.equal(typeof page1.body.cursor, 'string');
    const page2 = await request(kept)
      .get(`/rules/${mine.id}/evaluations?limit=2&cursor=${page1.body.cursor}`)
      .set(a.headers);
    assert.deepEqual(
      page2.body.evaluations.map((e: Body) => e.id),
      [ids[2]],
    );
    assert.equal(page2.body.cursor, undefined);
    const stored = await graph.read<{ n: number }>('evaluations/test-count-evaluations', {
      accountId: a.accountId,
      ruleId: mine.id,
    });
    assert.equal(stored[0]?.n, 3);
  });

  it('refuses an evaluation while another of the same rule runs (409), not one of another rule', async () => {
    const a = await freshAccount();
    const graph = await testGraph();
    const lock = new LocalRuleLock();
    const engine = buildRuleEngine({
      graph,
      query: testQuery(graph),
      parameters: new ParameterService({ graph }),
      lock,
      evaluationsKept: 10,
      baseUrl: () => TEST_PUBLIC_URL,
    });
    const locked = await testApp({ ...engine });
    const busy = await create(a, rule('busy'), locked);
    const free = await create(a, rule('free'), locked);
    let release = (): void => undefined;
    const held = lock.withLock(
      { accountId: a.accountId, ruleId: busy.id },
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    try {
      error(
        await request(locked).post(`/rules/${busy.id}/evaluate`).set(a.headers),
        409,
        'RULE_EVALUATION_RUNNING',
        `Rule '${busy.id}' is being evaluated right now; try again when that evaluation ends`,
      );
      assert.equal((await evaluate(a, free.id, locked)).status, 'SUCCESS');
      // A scheduled tick meeting the running evaluation is skipped.
      assert.equal(
        await engine.evaluations.runScheduled({ accountId: a.accountId, ruleId: busy.id }),
        'busy',
      );
    } finally {
      release();
      await held;
    }
    assert.equal((await evaluate(a, busy.id, locked)).status, 'SUCCESS');
    assert.equal(
      await engine.evaluations.runScheduled({ accountId: a.accountId, ruleId: 'gone' }),
      'gone',
    );
  });

  it('evaluates a rule whose queries come from a stored question (questionId)', async () => {
    const a = await freshAccount();
    await new SyncClient(app, a.headers).diff('s', [
      entity('b1', { _type: 'aws_s3_bucket', _class: 'DataStore', encrypted: false }),
    ]);
    const q = await request(app)
      .post('/questions')
      .set(a.headers)
      .send({ title: 'Unencrypted', queries: [{ name: 'open', query: QUERY }] });
    assert.equal(q.status, 201, JSON.stringify(q.body));
    const questionId = q.body.question.id as string;
    error(
      await request(app)
        .post('/rules')
        .set(a.headers)
        .send({ ...rule('x'), question: undefined, questionId: 'nope' }),
      400,
      'VALIDATION_ERROR',
      "/questionId: no question with id 'nope' in this account",
    );
    const onQuestion = await create(a, {
      ...rule('on question'),
      question: undefined,
      questionId,
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.open.total == 1}}' },
          actions: [{ type: 'CREATE_ALERT' }],
        },
      ],
    });
    const record = await evaluate(a, onQuestion.id);
    assert.deepEqual(
      record.queries.map((x: Body) => [x.name, x.query, x.total]),
      [['open', QUERY, 1]],
    );
    assert.equal(record.alert.change, 'OPENED');
  });

  it('deleting a rule deletes its evaluation records and keeps its alerts', async () => {
    const a = await freshAccount();
    await new SyncClient(app, a.headers).diff('s', [
      entity('b1', { _type: 'aws_s3_bucket', _class: 'DataStore', encrypted: false }),
    ]);
    const mine = await create(a, rule('doomed'));
    const record = await evaluate(a, mine.id);
    assert.equal((await request(app).delete(`/rules/${mine.id}`).set(a.headers)).status, 200);
    const graph = await testGraph();
    const [count] = await graph.read<{ n: number }>('evaluations/test-count-evaluations', {
      accountId: a.accountId,
      ruleId: mine.id,
    });
    assert.equal(count?.n, 0);
    const alert = await request(app).get(`/alerts/${record.alert.id}`).set(a.headers);
    assert.equal(alert.status, 200);
    assert.equal(alert.body.alert.ruleName, 'doomed');
  });

  it('imports a rule of the real-world corpus and evaluates it end to end into an alert', async () => {
    const corpus = JSON.parse(fs.readFileSync(ALERT_RULE_CORPUS, 'utf8')) as Array<{
      form: string;
      rule: Body;
    }>;
    const pack = corpus.map((entry) => entry.rule).find((r) => r.name === 'rds-storage-encrypted');
    assert.ok(pack, 'the corpus holds rds-storage-encrypted');
    const a = await freshAccount();
    await new SyncClient(app, a.headers).diff('s', [
      entity('db1', { _type: 'aws_db_instance', _class: 'Database', encrypted: false }),
      entity('db2', { _type: 'aws_rds_cluster', _class: 'Database' }),
      entity('db3', { _type: 'aws_db_instance', _class: 'Database', encrypted: true }),
    ]);
    const imported = await request(app).post('/rules/import').set(a.headers).send(pack);
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    const record = await evaluate(a, imported.body.rule.id);
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(record.queries[0].total, 2);
    assert.deepEqual(
      record.operations[0].actions.map((o: Body) => [o.type, o.status]),
      [
        ['SET_PROPERTY', 'SUCCESS'],
        ['CREATE_ALERT', 'SUCCESS'],
      ],
    );
    const res = await request(app).get('/alerts?status=ACTIVE').set(a.headers);
    assert.equal(res.body.alerts.length, 1);
    const [alert] = res.body.alerts as Body[];
    assert.equal(alert?.ruleName, 'rds-storage-encrypted');
    assert.equal(alert?.ruleDescription, pack.description);
    assert.equal(alert?.level, 'CRITICAL');
    assert.deepEqual(alert?.queryTotals, { query0: 2 });
  });
});
