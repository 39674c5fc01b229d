import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';

/**
 * The question library API on real Neo4j: create, read, list, replace and delete, with every
 * write read back from the `:_Question` nodes, and the refusal to delete a question a rule uses.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function question(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title,
    description: 'Buckets without encryption',
    queries: [
      { query: 'FIND aws_s3_bucket WITH encrypted != true' },
      { name: 'public', query: 'FIND aws_s3_bucket WITH public = true', includeDeleted: true },
    ],
    ...extra,
  };
}

/** A rule that runs the stored question `questionId`. */
function ruleUsing(name: string, questionId: string): Record<string, unknown> {
  return {
    name,
    questionId,
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [{ type: 'CREATE_ALERT' }],
      },
    ],
  };
}

interface StoredNode {
  accountId: string;
  id: string;
  title: string;
  version: number;
  tags: string[];
  definition: string;
  createdOn: number;
  updatedOn: number;
}

describe('questions API: /questions (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function nodes(a: TestAccount): Promise<StoredNode[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ question: StoredNode }>('questions/test-account-questions', {
      accountId: a.accountId,
    });
    return rows.map((r) => r.question);
  }

  const post = (a: TestAccount, path: string, body: unknown) =>
    request(app)
      .post(path)
      .set(a.headers)
      .send(body as object);

  const titles = (res: request.Response): string[] =>
    (res.body.questions as { title: string }[]).map((q) => q.title);

  it('creates a question at version 1, normalised, and stores it', async () => {
    const a = await freshAccount();
    const res = await post(a, '/questions', question('Encryption', { tags: ['cis'] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const created = res.body.question;
    assert.match(created.id, UUID);
    assert.deepEqual(created, {
      id: created.id,
      title: 'Encryption',
      description: 'Buckets without encryption',
      queries: [
        {
          name: 'query0',
          query: 'FIND aws_s3_bucket WITH encrypted != true',
          version: 'v1',
          includeDeleted: false,
        },
        {
          name: 'public',
          query: 'FIND aws_s3_bucket WITH public = true',
          version: 'v1',
          includeDeleted: true,
        },
      ],
      tags: ['cis'],
      version: 1,
      createdOn: created.createdOn,
      updatedOn: created.createdOn,
    });
    assert.equal(typeof created.createdOn, 'number');
    const [stored] = await nodes(a);
    assert.deepEqual(
      [stored?.accountId, stored?.id, stored?.title, stored?.version, stored?.tags],
      [a.accountId, created.id, 'Encryption', 1, ['cis']],
    );
    assert.deepEqual(
      [stored?.createdOn, stored?.updatedOn],
      [created.createdOn, created.updatedOn],
    );
    const { id, version, createdOn, updatedOn, ...definition } = created;
    assert.deepEqual(JSON.parse(stored?.definition ?? ''), definition);
    assert.deepEqual(
      [id, version, typeof createdOn, typeof updatedOn],
      [stored?.id, 1, 'number', 'number'],
    );
  });

  it('takes a stored question back: read-only fields and top-level nulls are dropped', async () => {
    const a = await freshAccount();
    const res = await post(
      a,
      '/questions',
      question('Copied', {
        id: 'j1-question-id',
        accountId: 'j1dev',
        version: 7,
        createdOn: 1,
        updatedOn: 2,
        lastUpdatedTimestamp: 3,
        description: null,
        tags: null,
      }),
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const created = res.body.question;
    assert.notEqual(created.id, 'j1-question-id');
    assert.deepEqual([created.version, created.tags, created.description], [1, [], undefined]);
    assert.equal('description' in created, false);
    // Repeated query names are kept, as in rules (evaluation keeps the later result).
    const repeated = await post(
      a,
      '/questions',
      question('Repeated', { queries: [{ query: 'FIND A' }, { name: 'query0', query: 'FIND B' }] }),
    );
    assert.equal(repeated.status, 201, JSON.stringify(repeated.body));
    assert.deepEqual(
      repeated.body.question.queries.map((q: { name: string }) => q.name),
      ['query0', 'query0'],
    );
  });

  it('every invalid body is a 400 VALIDATION_ERROR pointing at the field, and nothing is stored', async () => {
    const a = await freshAccount();
    const q = [{ query: 'FIND A' }];
    const cases: [unknown, string][] = [
      [{ queries: q }, '/title is required'],
      [{ title: '', queries: q }, '/title must not be empty'],
      [{ title: ' \t', queries: q }, '/title must not be blank'],
      [{ title: 'x'.repeat(201), queries: q }, '/title must be at most 200 characters long'],
      [{ title: 7, queries: q }, '/title must be a string'],
      [{ title: null, queries: q }, '/title must be a string'],
      [{ title: 't' }, '/queries is required'],
      [{ title: 't', queries: null }, '/queries must be an array'],
      [{ title: 't', queries: {} }, '/queries must be an array'],
      [{ title: 't', queries: [] }, '/queries must not be empty'],
      [
        { title: 't', queries: Array.from({ length: 21 }, () => ({ query: 'FIND A' })) },
        '/queries must have at most 20 items',
      ],
      [{ title: 't', queries: ['FIND A'] }, '/queries/0 must be an object'],
      [{ title: 't', queries: [{ name: 'q' }] }, '/queries/0/query is required'],
      [{ title: 't', queries: [{ query: '' }] }, '/queries/0/query must not be empty'],
      [{ title: 't', queries: [{ query: 3 }] }, '/queries/0/query must be a string'],
      [
        { title: 't', queries: [{ query: 'FIND A' }, { name: 'bad-name', query: 'FIND B' }] },
        '/queries/1/name must match [A-Za-z0-9_]+',
      ],
      [
        { title: 't', queries: [{ name: '', query: 'FIND A' }] },
        '/queries/0/name must match [A-Za-z0-9_]+',
      ],
      [
        { title: 't', queries: [{ query: 'FIND A', version: 'v2' }] },
        '/queries/0/version must be one of v1',
      ],
      [
        { title: 't', queries: [{ query: 'FIND A', includeDeleted: 'yes' }] },
        '/queries/0/includeDeleted must be a boolean',
      ],
      [
        { title: 't', queries: [{ query: 'FIND A', limit: 5 }] },
        '/queries/0/limit is not allowed: a query has no such property',
      ],
      [{ title: 't', queries: q, description: 5 }, '/description must be a string'],
      [{ title: 't', queries: q, tags: 'cis' }, '/tags must be an array'],
      [{ title: 't', queries: q, tags: ['cis', ''] }, '/tags/1 must not be empty'],
      [{ title: 't', queries: q, tags: [1] }, '/tags/0 must be a string'],
      [
        { title: 't', queries: q, pollingInterval: 'ONE_DAY' },
        '/pollingInterval is not allowed: a question has no such property',
      ],
      [
        { title: 't', queries: q, 'a/b~c': 1 },
        '/a~1b~0c is not allowed: a question has no such property',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(a, '/questions', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body.error, { code: 'VALIDATION_ERROR', message }, JSON.stringify(body));
    }
    assert.deepEqual(await nodes(a), []);
  });

  it('malformed input is a 4xx naming the problem, never a 500', async () => {
    const a = await freshAccount();
    const json = 'application/json';
    const bodies: [body: string, type: string, status: number, code: string][] = [
      ['{"title": "t", "queries": [', json, 400, 'INVALID_JSON'],
      ['"FIND A"', json, 400, 'INVALID_JSON'],
      ['null', json, 400, 'INVALID_JSON'],
      ['[]', json, 400, 'VALIDATION_ERROR'],
      ['title=t', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['title: t', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [
        '{"title":"t","queries":[{"query":"FIND A","name":{"$gt":""}}]}',
        json,
        400,
        'VALIDATION_ERROR',
      ],
      ['{"title":"t","queries":[[[[[[[[[[[]]]]]]]]]]]}', json, 400, 'VALIDATION_ERROR'],
      [
        '{"title":"t","queries":[{"query":"FIND A"}],"__proto__":{"x":1}}',
        json,
        400,
        'VALIDATION_ERROR',
      ],
      [
        '{"title":"t","queries":[{"query":"FIND A","__proto__":{}}]}',
        json,
        400,
        'VALIDATION_ERROR',
      ],
      [
        '{"title":"t","queries":[{"query":"FIND A"}],"constructor":{}}',
        json,
        400,
        'VALIDATION_ERROR',
      ],
    ];
    for (const [body, type, status, code] of bodies) {
      const res = await request(app)
        .post('/questions')
        .set(a.headers)
        .set('Content-Type', type)
        .send(body);
      assert.equal(res.status, status, `${body}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, code, body);
    }
    assert.deepEqual(await nodes(a), []);
    // Odd but valid text is stored and pages like any other.
    for (const title of ['\u0000\ud800 "odd"', '\\ \u{1F600}']) {
      const res = await post(a, '/questions', question(title, { queries: [{ query: '\u0000' }] }));
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const first = await request(app).get('/questions?limit=1').set(a.headers);
    const second = await request(app)
      .get(`/questions?limit=1&cursor=${first.body.cursor as string}`)
      .set(a.headers);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.equal(first.body.questions.length + second.body.questions.length, 2);
    assert.notEqual(first.body.questions[0].id, second.body.questions[0].id);

    const created = first.body.questions[0];
    for (const path of [
      '/questions?limit=0',
      '/questions?limit=1001',
      '/questions?limit=abc',
      '/questions?limit=1.5',
      '/questions?cursor=zzz',
      `/questions?cursor=${Buffer.from('["only-one"]').toString('base64url')}`,
      `/questions?cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `/questions?cursor=${Buffer.from('not json').toString('base64url')}`,
      '/questions?cursor=%00',
      '/questions?title=x&title=y',
      '/questions?unknown=1',
    ]) {
      const res = await request(app).get(path).set(a.headers);
      assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'VALIDATION_ERROR', path);
    }
    const long = await request(app)
      .get(`/questions/${'x'.repeat(101)}`)
      .set(a.headers);
    assert.equal(long.status, 400);
    for (const id of ['%00', '%27%20OR%201%3D1']) {
      const res = await request(app).get(`/questions/${id}`).set(a.headers);
      assert.equal(res.status, 404, id);
      assert.equal(res.body.error.code, 'QUESTION_NOT_FOUND');
    }
    const put = await request(app).put(`/questions/${created.id}`).set(a.headers).send([1]);
    assert.equal(put.status, 400);
  });

  it("reads one question; an unknown id or another account's question is 404 QUESTION_NOT_FOUND", async () => {
    const a = await freshAccount();
    const created = (await post(a, '/questions', question('one'))).body.question;
    const res = await request(app).get(`/questions/${created.id}`).set(a.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.question, created);
    const other = await freshAccount();
    for (const [account, id] of [
      [other, created.id],
      [a, 'no-such-question'],
    ] as const) {
      for (const method of ['get', 'put', 'delete'] as const) {
        const missing = await request(app)
          [method](`/questions/${id}`)
          .set(account.headers)
          .send(question('x'));
        assert.equal(missing.status, 404, `${method} ${id}`);
        assert.deepEqual(missing.body.error, {
          code: 'QUESTION_NOT_FOUND',
          message: `No question with id '${id}' in this account`,
        });
      }
    }
    const [stored] = await nodes(a);
    assert.deepEqual([stored?.title, stored?.version], ['one', 1]);
  });

  it('lists by title then id in pages, filtered by title (any case) and tag', async () => {
    const a = await freshAccount();
    for (const [title, tags] of [
      ['Charlie', ['x']],
      ['Alpha', []],
      ['Bravo', ['x', 'y']],
      ['Bravo', ['y']],
      ['bravo two', []],
    ] as const) {
      assert.equal((await post(a, '/questions', question(title, { tags }))).status, 201);
    }
    const all = await request(app).get('/questions').set(a.headers);
    assert.equal(all.status, 200);
    assert.deepEqual(titles(all), ['Alpha', 'Bravo', 'Bravo', 'Charlie', 'bravo two']);
    assert.equal(all.body.cursor, undefined);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await request(app)
        .get(`/questions?limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`)
        .set(a.headers);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.ok(page.body.questions.length <= 2);
      seen.push(...(page.body.questions as { id: string }[]).map((q) => q.id));
      cursor = page.body.cursor as string | undefined;
      pages += 1;
    } while (cursor !== undefined);
    assert.equal(pages, 3);
    assert.deepEqual(
      seen,
      (all.body.questions as { id: string }[]).map((q) => q.id),
    );

    const tagged = await request(app).get('/questions?tag=x').set(a.headers);
    assert.deepEqual(titles(tagged), ['Bravo', 'Charlie']);
    const named = await request(app).get('/questions?title=RAV').set(a.headers);
    assert.deepEqual(titles(named), ['Bravo', 'Bravo', 'bravo two']);
    const both = await request(app).get('/questions?title=bravo&tag=y&limit=1').set(a.headers);
    assert.deepEqual(titles(both), ['Bravo']);
    const next = await request(app)
      .get(`/questions?title=bravo&tag=y&limit=1&cursor=${both.body.cursor as string}`)
      .set(a.headers);
    assert.deepEqual(titles(next), ['Bravo']);
    assert.notEqual(next.body.questions[0].id, both.body.questions[0].id);
    assert.equal(next.body.cursor, undefined);
    const none = await request(app).get('/questions?tag=nope').set(a.headers);
    assert.deepEqual(none.body, { questions: [] });
    // Another account's questions are not listed.
    const other = await request(app)
      .get('/questions')
      .set((await freshAccount()).headers);
    assert.deepEqual(other.body, { questions: [] });
  });

  it('PUT stores the next version and keeps createdOn; an invalid body changes nothing', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/questions', question('one', { tags: ['a'] }))).body.question;
    const res = await request(app)
      .put(`/questions/${one.id}`)
      .set(a.headers)
      .send({ ...one, title: 'renamed', tags: ['b'], queries: [{ query: 'FIND Host' }] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const updated = res.body.question;
    assert.deepEqual(
      [updated.id, updated.version, updated.title, updated.tags, updated.createdOn],
      [one.id, 2, 'renamed', ['b'], one.createdOn],
    );
    assert.deepEqual(updated.queries, [
      { name: 'query0', query: 'FIND Host', version: 'v1', includeDeleted: false },
    ]);
    assert.ok(updated.updatedOn >= one.updatedOn);
    // A GET answer sent back unchanged is the same question, one version on.
    const again = await request(app).put(`/questions/${one.id}`).set(a.headers).send(updated);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const { version, updatedOn, ...rest } = again.body.question;
    const { version: v2, updatedOn: u2, ...before } = updated;
    assert.deepEqual(
      [rest, version, typeof updatedOn, v2, typeof u2],
      [before, 3, 'number', 2, 'number'],
    );

    const bad = await request(app)
      .put(`/questions/${one.id}`)
      .set(a.headers)
      .send({ ...updated, queries: [] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.message, '/queries must not be empty');
    const [stored] = await nodes(a);
    assert.deepEqual([stored?.title, stored?.version, stored?.tags], ['renamed', 3, ['b']]);
  });

  it('DELETE removes the question and answers it as it was; a second DELETE is 404', async () => {
    const a = await freshAccount();
    const one = (await post(a, '/questions', question('one'))).body.question;
    const res = await request(app).delete(`/questions/${one.id}`).set(a.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.question, one);
    assert.deepEqual(await nodes(a), []);
    assert.equal((await request(app).get(`/questions/${one.id}`).set(a.headers)).status, 404);
    assert.equal((await request(app).delete(`/questions/${one.id}`).set(a.headers)).status, 404);
  });

  it('DELETE of a question that rules use is 409 QUESTION_IN_USE naming up to five of them', async () => {
    const a = await freshAccount();
    const used = (await post(a, '/questions', question('used'))).body.question;
    const first = await post(a, '/rules', ruleUsing('rule-f', used.id));
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.rule.questionId, used.id);

    const one = await request(app).delete(`/questions/${used.id}`).set(a.headers);
    assert.equal(one.status, 409);
    assert.deepEqual(one.body.error, {
      code: 'QUESTION_IN_USE',
      message: `Question '${used.id}' is used by rule 'rule-f': change or delete them first`,
    });

    for (const name of ['rule-b', 'rule-a', 'rule-e', 'rule-d', 'rule-c']) {
      assert.equal((await post(a, '/rules', ruleUsing(name, used.id))).status, 201);
    }
    // Another account cannot refer to it (the rule service checks questionId in the account).
    const other = await post(await freshAccount(), '/rules', ruleUsing('rule-x', used.id));
    assert.equal(other.status, 400, JSON.stringify(other.body));
    const six = await request(app).delete(`/questions/${used.id}`).set(a.headers);
    assert.equal(six.status, 409);
    assert.deepEqual(six.body.error, {
      code: 'QUESTION_IN_USE',
      message:
        `Question '${used.id}' is used by rules 'rule-a', 'rule-b', 'rule-c', 'rule-d', ` +
        "'rule-e' and 1 more: change or delete them first",
    });
    assert.equal((await nodes(a)).length, 1);

    // Once no rule refers to it, it goes.
    const rules = (await request(app).get('/rules').set(a.headers)).body.rules as { id: string }[];
    for (const rule of rules) {
      assert.equal((await request(app).delete(`/rules/${rule.id}`).set(a.headers)).status, 200);
    }
    const res = await request(app).delete(`/questions/${used.id}`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.question, used);
    assert.deepEqual(await nodes(a), []);
  });

  it('a rule moved to its own question no longer holds the stored one', async () => {
    const a = await freshAccount();
    const used = (await post(a, '/questions', question('used'))).body.question;
    const rule = (await post(a, '/rules', ruleUsing('moves', used.id))).body.rule;
    assert.equal((await request(app).delete(`/questions/${used.id}`).set(a.headers)).status, 409);
    const own = { ...rule, questionId: undefined };
    const moved = await request(app)
      .put(`/rules/${rule.id}`)
      .set(a.headers)
      .send({ ...own, question: { queries: [{ query: 'FIND Host' }] } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await request(app).delete(`/questions/${used.id}`).set(a.headers)).status, 200);
  });
});
