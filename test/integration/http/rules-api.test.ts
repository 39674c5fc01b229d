import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';

/**
 * The rules API on real Neo4j: create, read, list, replace, delete, validate and import, with
 * every write read back from the `:_Rule` nodes.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function rule(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    description: 'Unencrypted buckets',
    question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted != true' }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
          { type: 'CREATE_ALERT' },
        ],
      },
    ],
    ...extra,
  };
}

interface StoredNode {
  id: string;
  name: string;
  version: number;
  tags: string[];
  pollingInterval: string;
  definition: string;
}

describe('rules API: /rules (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function nodes(a: TestAccount): Promise<StoredNode[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ rule: StoredNode }>('rules/test-account-rules', {
      accountId: a.accountId,
    });
    return rows.map((r) => r.rule);
  }

  const post = (a: TestAccount, path: string, body: unknown) =>
    request(app)
      .post(path)
      .set(a.headers)
      .send(body as object);

  it('creates a rule at version 1, normalised, and stores it', async () => {
    const a = await freshAccount();
    const res = await post(a, '/rules', rule('buckets', { tags: ['cis'] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const created = res.body.rule;
    assert.match(created.id, UUID);
    assert.equal(created.version, 1);
    assert.equal(created.name, 'buckets');
    assert.equal(created.pollingInterval, 'ONE_DAY');
    assert.equal(created.specVersion, 1);
    assert.equal(created.question.queries[0].name, 'query0');
    assert.equal(created.question.queries[0].includeDeleted, false);
    assert.deepEqual(created.tags, ['cis']);
    assert.equal(created.createdOn, created.updatedOn);
    const [stored] = await nodes(a);
    assert.deepEqual(
      [stored?.id, stored?.name, stored?.version, stored?.tags, stored?.pollingInterval],
      [created.id, 'buckets', 1, ['cis'], 'ONE_DAY'],
    );
    const { id, version, createdOn, updatedOn, state, ...definition } = created;
    assert.equal(state, null);
    assert.deepEqual(JSON.parse(stored?.definition ?? ''), definition);
    assert.deepEqual(
      [id, version, typeof createdOn, typeof updatedOn],
      [stored?.id, 1, 'number', 'number'],
    );
  });

  it('a taken name is 409 RULE_NAME_TAKEN and writes nothing', async () => {
    const a = await freshAccount();
    assert.equal((await post(a, '/rules', rule('dup'))).status, 201);
    const res = await post(a, '/rules', rule('dup', { description: 'other' }));
    assert.equal(res.status, 409);
    assert.deepEqual(res.body.error, {
      code: 'RULE_NAME_TAKEN',
      message: "A rule named 'dup' already exists in this account",
    });
    const stored = await nodes(a);
    assert.equal(stored.length, 1);
    assert.equal(JSON.parse(stored[0]?.definition ?? '').description, 'Unencrypted buckets');
    // Names are per account.
    assert.equal((await post(await freshAccount(), '/rules', rule('dup'))).status, 201);
  });

  it('an invalid rule is a 400 pointing at the field, and nothing is stored', async () => {
    const a = await freshAccount();
    const res = await post(a, '/rules', rule('bad', { pollingInterval: 'HOURLY' }));
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'VALIDATION_ERROR');
    assert.match(res.body.error.message, /^\/pollingInterval /);
    const action = await post(
      a,
      '/rules',
      rule('bad', {
        operations: [
          { when: { type: 'FILTER', condition: '{{true}}' }, actions: [{ type: 'NOPE' }] },
        ],
      }),
    );
    assert.equal(action.status, 400);
    assert.match(action.body.error.message, /^\/operations\/0\/actions\/0\/type /);
    const template = await post(
      a,
      '/rules',
      rule('bad', {
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.query0.total > }}' },
            actions: [{ type: 'CREATE_ALERT' }],
          },
        ],
      }),
    );
    assert.equal(template.status, 400, JSON.stringify(template.body));
    assert.match(
      template.body.error.message,
      /^Template \{\{queries\.query0\.total > \}\} does not parse: .*\/operations\/0\/when\/condition/,
    );
    assert.deepEqual(await nodes(a), []);
  });

  it('a rule with neither question nor questionId is a 400 on create, put, validate and dry run, like queries: []', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/rules', rule('one'))).body.rule;
    const bare = rule('no-query');
    delete bare.question;
    const message =
      '/question is required, or /questionId naming a stored question: a rule runs at least one query';
    for (const body of [bare, { ...bare, question: null, questionId: null }]) {
      for (const res of [
        await post(a, '/rules', body),
        await request(app).put(`/rules/${one.id}`).set(a.headers).send(body),
        await post(a, '/rules/validate', body),
        await post(a, '/rules/evaluate', { rule: body, dryRun: true }),
      ]) {
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.deepEqual(res.body.error, { code: 'VALIDATION_ERROR', message });
      }
    }
    const empty = await post(a, '/rules', rule('empty', { question: { queries: [] } }));
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.error, {
      code: 'VALIDATION_ERROR',
      message: '/question/queries must not be empty',
    });
    const stored = await nodes(a);
    assert.deepEqual(
      stored.map((n) => [n.name, n.version]),
      [['one', 1]],
    );
  });

  it('a J1QL query that does not parse is a 400 naming the query, line and column, on every save path', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/rules', rule('one'))).body.rule;
    const serviceQuery = (query: string) => ({
      when: { type: 'FILTER', condition: true },
      actions: [{ type: 'SERVICE_QUERY', name: 'more', query }],
    });
    const forEach = (query: string) => ({
      when: { type: 'FILTER', condition: true },
      actions: [
        {
          type: 'FOR_EACH_ITEM',
          items: '{{queries.query0.data}}',
          actions: [{ type: 'CREATE_ALERT' }, { type: 'JUPITERONE_QUERY', name: 'perItem', query }],
        },
      ],
    });
    const bad: Array<[string, string, Record<string, unknown>, string]> = [
      [
        'POST /rules',
        '/rules',
        rule('bad', {
          question: {
            queries: [
              { query: 'FIND aws_s3_bucket' },
              { name: 'open', query: 'FIND aws_s3_bucket\n  WITH encrypted = = true' },
            ],
          },
        }),
        "/question/queries/1/query: query 'open' does not parse at line 2, column 20: found '=', expected one of '(', date, parameter, property, regular expression or value",
      ],
      [
        'POST /rules/validate',
        '/rules/validate',
        rule('bad', { operations: [serviceQuery('FIND aws_s3_bucket WITH')] }),
        "/operations/0/actions/0/query: query 'more' does not parse at line 1, column 24: found the end of the query, expected one of '(', date or property",
      ],
      [
        'POST /rules (FOR_EACH_ITEM)',
        '/rules',
        rule('bad', {
          operations: [forEach("FIND aws_instance WITH _id = '{{perItem.id}}' RETURN")],
        }),
        "/operations/0/actions/0/actions/1/query: query 'perItem' does not parse at line 1, column 53: found the end of the query, expected one of '(', '-', 'tree', alias or alias.property, name, number or string",
      ],
      [
        'POST /rules/import',
        '/rules/import',
        { name: 'bad', description: 'd', queries: [{ query: 'FIND aws_instance WITH active = ' }] },
        "/queries/0/query: query 'query0' does not parse at line 1, column 33: found the end of the query, expected one of '(', date, parameter, property, regular expression or value",
      ],
      [
        'POST /rules/evaluate (dry run)',
        '/rules/evaluate',
        {
          rule: rule('bad', { question: { queries: [{ query: 'FIND x WITH a = {{b}} LIMIT' }] } }),
          dryRun: true,
        },
        "/question/queries/0/query: query 'query0' does not parse at line 1, column 17: found '{', expected one of '(', date, parameter, property, regular expression or value",
      ],
    ];
    for (const [label, path, body, message] of bad) {
      const res = await post(a, path, body);
      assert.equal(res.status, 400, `${label}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body.error, { code: 'VALIDATION_ERROR', message }, label);
    }
    const put = await request(app)
      .put(`/rules/${one.id}`)
      .set(a.headers)
      .send(
        rule('one', {
          operations: [
            serviceQuery('FIND {{param.type}} WITH x = {{ param.v }} {{param.w}}\n AND y = 1'),
          ],
        }),
      );
    assert.equal(put.status, 400, JSON.stringify(put.body));
    assert.deepEqual(put.body.error, {
      code: 'VALIDATION_ERROR',
      message:
        "/operations/0/actions/0/query: query 'more' does not parse at line 1, column 44: found '{{param.w}}', expected one of '(', 'and', 'as', 'having', 'limit', 'or', 'order', 'return', 'skip', 'that', 'where' or the end of the query",
    });
    const stored = await nodes(a);
    assert.deepEqual(
      stored.map((n) => [n.name, n.version]),
      [['one', 1]],
    );
  });

  it('queries with ${param.x} and {{...}} are checked as the evaluator runs them, and accepted when valid', async () => {
    const a = await freshAccount();
    const res = await post(
      a,
      '/rules',
      rule('placeholders', {
        question: {
          queries: [
            { query: 'FIND aws_s3_bucket WITH owner = ${param.owners} LIMIT 5' },
            { query: "FIND aws_s3_bucket WITH name = '{{not rendered: plain text to J1QL}}'" },
          ],
        },
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
            actions: [
              {
                type: 'SERVICE_QUERY',
                name: 'typed',
                query:
                  'FIND {{param.type}} WITH _id = {{queries.query0.data.id}} LIMIT {{param.n}}',
              },
              {
                type: 'SERVICE_QUERY',
                name: 'quoted',
                query: "FIND host WITH name = '{{alertRuleName}}'",
              },
              { type: 'SERVICE_QUERY', name: 'whole', query: '{{param.wholeQuery}}' },
              {
                type: 'FOR_EACH_ITEM',
                items: '{{queries.query0.data}}',
                actions: [
                  {
                    type: 'SERVICE_QUERY',
                    name: 'perItem',
                    query:
                      'FIND aws_instance WITH _id = "{{item.id}}" AND size > {{param.n}}\n  RETURN aws_instance.{{param.field}}',
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.rule.question.queries.length, 2);
    const [stored] = await nodes(a);
    assert.equal(stored?.name, 'placeholders');
  });

  it("reads one rule; an unknown id or another account's rule is 404 RULE_NOT_FOUND", async () => {
    const a = await freshAccount();
    const created = (await post(a, '/rules', rule('one'))).body.rule;
    const res = await request(app).get(`/rules/${created.id}`).set(a.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.rule, created);
    const other = await freshAccount();
    for (const [account, id] of [
      [other, created.id],
      [a, 'no-such-rule'],
    ] as const) {
      const missing = await request(app).get(`/rules/${id}`).set(account.headers);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body.error, {
        code: 'RULE_NOT_FOUND',
        message: `No rule with id '${id}' in this account`,
      });
    }
  });

  it('lists by name in pages, filtered by name and tag', async () => {
    const a = await freshAccount();
    for (const [name, tags] of [
      ['c-rule', ['x']],
      ['a-rule', []],
      ['b-rule', ['x', 'y']],
    ] as const) {
      assert.equal((await post(a, '/rules', rule(name, { tags }))).status, 201);
    }
    const first = await request(app).get('/rules?limit=2').set(a.headers);
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.rules.map((r: { name: string }) => r.name),
      ['a-rule', 'b-rule'],
    );
    assert.equal(typeof first.body.cursor, 'string');
    const second = await request(app)
      .get(`/rules?limit=2&cursor=${first.body.cursor as string}`)
      .set(a.headers);
    assert.deepEqual(
      second.body.rules.map((r: { name: string }) => r.name),
      ['c-rule'],
    );
    assert.equal(second.body.cursor, undefined);
    const tagged = await request(app).get('/rules?tag=x').set(a.headers);
    assert.deepEqual(
      tagged.body.rules.map((r: { name: string }) => r.name),
      ['b-rule', 'c-rule'],
    );
    const named = await request(app).get('/rules?name=B-R').set(a.headers);
    assert.deepEqual(
      named.body.rules.map((r: { name: string }) => r.name),
      ['b-rule'],
    );
    const bad = await request(app).get('/rules?cursor=zzz').set(a.headers);
    assert.equal(bad.status, 400);
  });

  it('PUT stores the next version; a taken name is 409 and changes nothing', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/rules', rule('one'))).body.rule;
    await post(a, '/rules', rule('two'));
    const res = await request(app)
      .put(`/rules/${one.id}`)
      .set(a.headers)
      .send({ ...one, name: 'renamed', pollingInterval: 'ONE_HOUR' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.rule.id, res.body.rule.version, res.body.rule.name, res.body.rule.pollingInterval],
      [one.id, 2, 'renamed', 'ONE_HOUR'],
    );
    assert.equal(res.body.rule.createdOn, one.createdOn);
    const taken = await request(app).put(`/rules/${one.id}`).set(a.headers).send(rule('two'));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error.code, 'RULE_NAME_TAKEN');
    const stored = (await nodes(a)).find((n) => n.id === one.id);
    assert.deepEqual([stored?.name, stored?.version], ['renamed', 2]);
    const missing = await request(app).put('/rules/nope').set(a.headers).send(rule('x'));
    assert.equal(missing.status, 404);
  });

  it('DELETE removes the rule and answers it as it was; a second DELETE is 404', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/rules', rule('one'))).body.rule;
    const res = await request(app).delete(`/rules/${one.id}`).set(a.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.rule, one);
    assert.deepEqual(await nodes(a), []);
    assert.equal((await request(app).delete(`/rules/${one.id}`).set(a.headers)).status, 404);
  });

  it('validate answers the normalised rule and stores nothing', async () => {
    const a = await freshAccount();
    const res = await post(
      a,
      '/rules/validate',
      rule('v', {
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
            actions: [
              {
                type: 'CREATE_JIRA_TICKET',
                integrationInstanceId: 'i',
                entityClass: 'Vulnerability',
                project: 'SEC',
                summary: 's',
                issueType: 'Task',
              },
            ],
          },
        ],
      }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.valid, true);
    assert.equal(res.body.rule.operations[0].actions[0].type, 'CREATE_TRACKER_TICKET');
    assert.equal(res.body.rule.id, undefined);
    assert.deepEqual(await nodes(a), []);
  });

  it('a stored rule answers state: null everywhere (create, get, list, put, import, delete); an unsaved one has none', async () => {
    const a = await freshAccount();
    const created = await post(a, '/rules', rule('stateful'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const one = created.body.rule;
    assert.ok(Object.hasOwn(one, 'state'), JSON.stringify(one));
    assert.equal(one.state, null);
    const got = await request(app).get(`/rules/${one.id}`).set(a.headers);
    assert.equal(got.body.rule.state, null);
    assert.ok(Object.hasOwn(got.body.rule, 'state'));
    const listed = await request(app).get('/rules').set(a.headers);
    assert.deepEqual(
      listed.body.rules.map((r: Record<string, unknown>) => [
        r.name,
        Object.hasOwn(r, 'state'),
        r.state,
      ]),
      [['stateful', true, null]],
    );
    // A GET answer, state included, goes back with PUT; the state is not stored in the definition.
    const put = await request(app).put(`/rules/${one.id}`).set(a.headers).send(got.body.rule);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual([put.body.rule.version, put.body.rule.state], [2, null]);
    assert.ok(Object.hasOwn(put.body.rule, 'state'));
    const [stored] = await nodes(a);
    assert.equal(Object.hasOwn(JSON.parse(stored?.definition ?? '{}'), 'state'), false);
    const imported = await post(a, '/rules/import', {
      name: 'pack',
      description: 'd',
      queries: [{ query: 'FIND aws_instance' }],
    });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    assert.ok(Object.hasOwn(imported.body.rule, 'state'));
    assert.equal(imported.body.rule.state, null);
    const validated = await post(a, '/rules/validate', rule('unsaved'));
    assert.equal(validated.status, 200);
    assert.equal(Object.hasOwn(validated.body.rule, 'state'), false);
    const deleted = await request(app).delete(`/rules/${one.id}`).set(a.headers);
    assert.ok(Object.hasOwn(deleted.body.rule, 'state'));
    assert.equal(deleted.body.rule.state, null);
  });

  it('import expands a rule-pack entry with the default alert settings', async () => {
    const a = await freshAccount();
    const res = await post(a, '/rules/import', {
      name: 'ec2-instances-in-vpc',
      description: 'EC2 instance not in a VPC.',
      queries: [{ name: 'query0', query: 'Find aws_instance with vpcId=undefined', version: 'v1' }],
      alertLevel: 'LOW',
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const imported = res.body.rule;
    assert.deepEqual([imported.specVersion, imported.pollingInterval], [1, 'ONE_DAY']);
    assert.equal(imported.question.queries[0].query, 'Find aws_instance with vpcId=undefined');
    assert.equal(imported.operations.length, 1);
    assert.equal(imported.operations[0].when.condition, '{{queries.query0.total > 0}}');
    assert.deepEqual(
      imported.operations[0].actions.map((x: { type: string; targetValue?: unknown }) => [
        x.type,
        x.targetValue,
      ]),
      [
        ['SET_PROPERTY', 'LOW'],
        ['CREATE_ALERT', undefined],
      ],
    );
    assert.equal((await nodes(a)).length, 1);
  });
});
