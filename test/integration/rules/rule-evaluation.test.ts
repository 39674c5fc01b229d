import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import {
  freshAccount,
  TEST_PUBLIC_URL,
  testApp,
  testGraph,
  type TestAccount,
} from '../../helpers/harness';
import { entity, scopeContents, SyncClient } from '../sync/semantics-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j: queries, conditions, actions, alerts,
 * evaluation records, dry runs, questions, new-entities-only and failures, each checked in the
 * record the API answers and in what Neo4j holds afterwards.
 */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BUCKETS = [
  entity('b1', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'logs',
    encrypted: false,
    size: 10,
    owner: 'ann',
  }),
  entity('b2', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'web',
    encrypted: false,
    size: 30,
    owner: 'bob',
  }),
  entity('b3', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'safe',
    encrypted: true,
    size: 5,
    owner: 'ann',
  }),
];

const UNENCRYPTED = 'FIND aws_s3_bucket WITH encrypted = false AS b ORDER BY b.displayName';

function alertRule(name: string, extra: Body = {}): Body {
  return {
    name,
    description: 'Unencrypted buckets',
    question: { queries: [{ query: UNENCRYPTED }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
          { type: 'CREATE_ALERT' },
        ],
      },
    ],
    outputs: ['alertLevel', 'queries.query0.total'],
    ...extra,
  };
}

describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function seeded(entities = BUCKETS): Promise<{ a: TestAccount; sync: SyncClient }> {
    const a = await freshAccount();
    const sync = new SyncClient(app, a.headers);
    await sync.diff('s', entities);
    return { a, sync };
  }

  async function create(a: TestAccount, rule: Body): Promise<Body> {
    const res = await request(app).post('/rules').set(a.headers).send(rule);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.rule as Body;
  }

  async function evaluate(a: TestAccount, ruleId: string, body?: Body): Promise<Body> {
    const req = request(app).post(`/rules/${ruleId}/evaluate`).set(a.headers);
    const res = await (body === undefined ? req : req.send(body));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  async function dryRun(a: TestAccount, rule: Body): Promise<Body> {
    const res = await request(app)
      .post('/rules/evaluate')
      .set(a.headers)
      .send({ rule, dryRun: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  async function alerts(a: TestAccount, ruleId: string): Promise<Body[]> {
    const res = await request(app).get(`/alerts?ruleId=${ruleId}`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.alerts as Body[];
  }

  /** Every action outcome of the record, flattened, without timings. */
  function actions(record: Body): Body[] {
    return (record.operations as Body[]).flatMap((o) =>
      (o.actions as Body[]).map(({ durationMs: _d, ...rest }) => rest),
    );
  }

  it('evaluates a stored rule: record, alert opened, outputs, record stored', async () => {
    const { a } = await seeded();
    const rule = await create(a, alertRule('unencrypted'));
    const record = await evaluate(a, rule.id);
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(record.trigger, 'MANUAL');
    assert.equal(record.dryRun, false);
    assert.equal(record.ruleId, rule.id);
    assert.equal(record.ruleVersion, 1);
    assert.equal(record.ruleName, 'unencrypted');
    assert.deepEqual(
      record.queries.map(({ durationMs: _d, ...q }: Body) => q),
      [{ name: 'query0', query: UNENCRYPTED, total: 2, type: 'list' }],
    );
    assert.deepEqual(record.outputs, { alertLevel: 'HIGH', 'queries.query0.total': 2 });
    assert.deepEqual(record.errors, []);
    assert.equal(record.entityCount, 2);
    assert.equal(record.newEntityCount, 2);
    assert.equal(record.operations[0].conditionResult, true);
    const [alert] = await alerts(a, rule.id);
    assert.ok(alert);
    assert.deepEqual(actions(record), [
      {
        pointer: '/operations/0/actions/0',
        type: 'SET_PROPERTY',
        status: 'SUCCESS',
        inputs: { alertLevel: 'HIGH' },
      },
      {
        pointer: '/operations/0/actions/1',
        type: 'CREATE_ALERT',
        status: 'SUCCESS',
        target: alert.id,
        inputs: { level: 'HIGH' },
        result: { alertId: alert.id, created: true, evaluationCount: 1 },
      },
    ]);
    assert.deepEqual(record.alert, { id: alert.id, status: 'ACTIVE', change: 'OPENED' });
    assert.equal(alert.status, 'ACTIVE');
    assert.equal(alert.level, 'HIGH');
    assert.equal(alert.ruleName, 'unencrypted');
    assert.deepEqual(alert.queryTotals, { query0: 2 });
    assert.equal(alert.firstEvaluationId, record.id);

    const listed = await request(app).get(`/rules/${rule.id}/evaluations`).set(a.headers);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, { evaluations: [record] });
    const one = await request(app).get(`/rules/${rule.id}/evaluations/${record.id}`).set(a.headers);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, { evaluation: record });
  });

  it('updates the one active alert while the condition holds, resolves it when it stops, opens a new one after', async () => {
    const { a, sync } = await seeded();
    const rule = await create(a, alertRule('lifecycle'));
    const first = await evaluate(a, rule.id);
    const second = await evaluate(a, rule.id);
    assert.equal(second.alert.change, 'UPDATED');
    assert.equal(second.alert.id, first.alert.id);
    let [alert] = await alerts(a, rule.id);
    assert.equal(alert?.evaluationCount, 2);
    assert.equal(alert?.lastEvaluationId, second.id);

    // The buckets get encrypted: the condition no longer holds.
    await sync.diff(
      's',
      BUCKETS.map((b) => ({ ...b, encrypted: true })),
    );
    const third = await evaluate(a, rule.id);
    assert.equal(third.status, 'SUCCESS');
    assert.equal(third.operations[0].conditionResult, false);
    assert.deepEqual(third.operations[0].actions, []);
    assert.deepEqual(third.alert, { id: first.alert.id, status: 'RESOLVED', change: 'RESOLVED' });
    [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'RESOLVED');
    assert.equal(alert?.lastEvaluationId, third.id);
    // Nothing left to resolve: no alert change.
    assert.equal((await evaluate(a, rule.id)).alert, undefined);

    await sync.diff('s', BUCKETS);
    const fifth = await evaluate(a, rule.id);
    assert.equal(fifth.alert.change, 'OPENED');
    assert.notEqual(fifth.alert.id, first.alert.id);
    const all = await alerts(a, rule.id);
    assert.deepEqual(
      all.map((x) => [x.id, x.status]),
      [
        [fifth.alert.id, 'ACTIVE'],
        [first.alert.id, 'RESOLVED'],
      ],
    );
  });

  it('runs queries with includeDeleted, and every condition form (template, triple, AND/OR groups, list, boolean)', async () => {
    const { a, sync } = await seeded();
    await sync.diff('s', BUCKETS.slice(1)); // b1 is now deleted
    const when = (condition: unknown) => ({
      when:
        Array.isArray(condition) &&
        Array.isArray(condition[0]) &&
        typeof condition[0][0] !== 'string'
          ? condition
          : { type: 'FILTER', specVersion: 1, condition },
      actions: [{ type: 'SET_PROPERTY', targetProperty: 'x', targetValue: 1 }],
    });
    const record = await dryRun(a, {
      name: 'conditions',
      question: {
        queries: [
          { name: 'live', query: UNENCRYPTED },
          { name: 'all', query: UNENCRYPTED, includeDeleted: true },
        ],
      },
      operations: [
        when('{{queries.live.total == 1 && queries.all.total == 2}}'),
        when(['queries.all.total', '>', 1]),
        when(['queries.all.total', '=', 3]),
        when(['AND', ['queries.live.total', '>=', 1], ['queries.all.total', '<', 2]]),
        when([
          'OR',
          ['queries.live.total', '!=', 1],
          ['AND', ['queries.all.total', '<=', 2], ['queries.nope.total', '<', 1]],
        ]),
        when(['OR', ['queries.live.total', '!=', 1], ['queries.nope.total', '>', 0]]),
        when(true),
        when(false),
        {
          when: [
            { type: 'FILTER', condition: '{{queries.live.total > 0}}' },
            { type: 'FILTER', condition: ['queries.all.total', '==', 2] },
          ],
          actions: [{ type: 'SET_PROPERTY', targetProperty: 'x', targetValue: 1 }],
        },
        {
          when: [
            { type: 'FILTER', condition: '{{queries.live.total > 0}}' },
            { type: 'FILTER', condition: '{{queries.all.total > 2}}' },
          ],
          actions: [{ type: 'SET_PROPERTY', targetProperty: 'x', targetValue: 1 }],
        },
      ],
    });
    assert.deepEqual(
      record.queries.map((q: Body) => [q.name, q.total]),
      [
        ['live', 1],
        ['all', 2],
      ],
    );
    assert.deepEqual(
      record.operations.map((o: Body) => o.conditionResult),
      [true, true, false, false, false, false, true, false, true, false],
    );
    assert.equal(record.status, 'SUCCESS');
    assert.equal(record.trigger, 'DRY_RUN');
    assert.equal(record.ruleId, undefined);
  });

  it('renders the template language: operators, types, filters, transforms and rule templates (exact values)', async () => {
    const { a } = await seeded();
    const graph = await testGraph();
    const parameters = new ParameterService({ graph });
    await parameters.put({
      accountId: a.accountId,
      name: 'owners',
      body: { value: ['ann', 'cy'] },
    });
    await parameters.put({ accountId: a.accountId, name: 'limit', body: { value: 20 } });
    const values: Record<string, unknown> = {
      add: '{{1 + 2}}',
      concat: "{{'a' + 'b'}}",
      minus: '{{10 - 4}}',
      times: '{{6 * 7}}',
      divide: '{{7 / 2}}',
      floorDivide: '{{7 // 2}}',
      modulo: '{{7 % 3}}',
      power: '{{2 ^ 10}}',
      and: '{{true && false}}',
      or: '{{false || true}}',
      not: '{{!true}}',
      eq: "{{'x' == 'x'}}",
      ne: '{{1 != 2}}',
      gt: '{{2 > 1}}',
      ge: '{{2 >= 3}}',
      lt: '{{1 < 2}}',
      le: '{{2 <= 2}}',
      inArray: "{{'ann' in param.owners}}",
      inString: "{{'ell' in 'hello'}}",
      ternary: "{{queries.query0.total > 1 ? 'many' : 'few'}}",
      elvis: "{{queries.nope.total ?: 'none'}}",
      object: '{{ {k: 1 + 1} }}',
      array: "{{ ['a', 'b'] }}",
      parens: '{{(1 + 2) * 3}}',
      typedOne: '{{queries.query0.total}}',
      textMany: 'total: {{queries.query0.total}} of {{param.limit}}',
      filter: "{{queries.query0.data[.properties.owner == 'ann'].entity.displayName}}",
      filterChain:
        '{{queries.query0.data[.properties.size > 6][.properties.size < 20].id == queries.query0.data[.entity.displayName == "logs"].id}}',
      mapProperty: "{{queries.query0.data | mapProperty('displayName', 'size')}}",
      mapTemplate: "{{queries.query0.data | mapTemplate('line')}}",
      merge: "{{ ['x'] | merge(['y'], ['x']) }}",
      join: "{{queries.query0.data | mapProperty('owner') | join(' / ')}}",
      joinDefault: "{{ ['a', 'b'] | join }}",
      unique: "{{queries.query0.data | uniquePropertyValues('owner')}}",
      uniqueLength: "{{queries.query0.data | uniquePropertyValues('owner') | length}}",
      ruleName: '{{alertRuleName}} / {{alertRuleDescription}}',
      webLink: '{{alertWebLink}}',
      param: '{{param.limit * 2}}',
    };
    const rule: Body = {
      name: 'templates',
      description: 'every operator',
      question: {
        queries: [{ query: 'FIND aws_s3_bucket WITH owner != undefined AS b ORDER BY b.size' }],
      },
      templates: { line: '{{itemIndex + 1}}/{{itemCount}} {{item.displayName}} ({{item.size}})' },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: Object.entries(values).map(([targetProperty, targetValue]) => ({
            type: 'SET_PROPERTY',
            targetProperty,
            targetValue,
          })),
        },
      ],
      outputs: Object.keys(values),
    };
    const record = await dryRun(a, rule);
    assert.deepEqual(record.errors, []);
    assert.deepEqual(record.outputs, {
      add: 3,
      concat: 'ab',
      minus: 6,
      times: 42,
      divide: 3.5,
      floorDivide: 3,
      modulo: 1,
      power: 1024,
      and: false,
      or: true,
      not: false,
      eq: true,
      ne: true,
      gt: true,
      ge: false,
      lt: true,
      le: true,
      inArray: true,
      inString: true,
      ternary: 'many',
      elvis: 'none',
      object: { k: 2 },
      array: ['a', 'b'],
      parens: 9,
      typedOne: 3,
      textMany: 'total: 3 of 20',
      filter: 'safe',
      filterChain: true,
      mapProperty: [
        { displayName: 'safe', size: 5 },
        { displayName: 'logs', size: 10 },
        { displayName: 'web', size: 30 },
      ],
      mapTemplate: ['1/3 safe (5)', '2/3 logs (10)', '3/3 web (30)'],
      merge: ['x', 'y', 'x'],
      join: 'ann / ann / bob',
      joinDefault: 'a,b',
      unique: ['ann', 'bob'],
      uniqueLength: 2,
      ruleName: 'templates / every operator',
      webLink: `${TEST_PUBLIC_URL}/alerts`,
      param: 40,
    });
  });

  it('array-valued properties: uniquePropertyValues flattens them, mapProperty and merge keep each array whole', async () => {
    const { a } = await seeded([
      entity('h1', { _type: 'tagged_host', labels: ['a', 'b'], displayName: 'h1' }),
      entity('h2', { _type: 'tagged_host', labels: ['b', 'c'], displayName: 'h2' }),
      entity('h3', { _type: 'other_host', labels: ['c'], displayName: 'h3' }),
    ]);
    const values: Record<string, string> = {
      unique: "{{queries.hosts.data | uniquePropertyValues('labels')}}",
      types: "{{queries.hosts.data | uniquePropertyValues('_type')}}",
      hasType: "{{'tagged_host' in (queries.hosts.data | uniquePropertyValues('_type'))}}",
      lacksType: "{{'nope' in (queries.hosts.data | uniquePropertyValues('_type'))}}",
      count: "{{queries.hosts.data | uniquePropertyValues('labels') | length}}",
      mapped: "{{queries.hosts.data | mapProperty('labels')}}",
      merged: "{{queries.hosts.data | mapProperty('labels') | merge([['d']])}}",
    };
    const record = await dryRun(a, {
      name: 'array-valued properties',
      question: {
        queries: [
          { name: 'hosts', query: 'FIND (tagged_host|other_host) AS h ORDER BY h.displayName' },
        ],
      },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: Object.entries(values).map(([targetProperty, targetValue]) => ({
            type: 'SET_PROPERTY',
            targetProperty,
            targetValue,
          })),
        },
      ],
      outputs: Object.keys(values),
    });
    assert.deepEqual(record.errors, []);
    assert.deepEqual(
      record.queries.map((q: Body) => q.total),
      [3],
    );
    assert.deepEqual(record.outputs, {
      unique: ['a', 'b', 'c'],
      types: ['tagged_host', 'other_host'],
      hasType: true,
      lacksType: false,
      count: 3,
      mapped: [['a', 'b'], ['b', 'c'], ['c']],
      merged: [['a', 'b'], ['b', 'c'], ['c'], ['d']],
    });
  });

  it('TAG_ENTITIES sets tag.<name> on the result entities in Neo4j (queryable), and a null value removes it', async () => {
    const { a } = await seeded();
    const tagRule = (value: boolean | null) =>
      alertRule(`tag-${String(value)}`, {
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
            actions: [
              {
                type: 'TAG_ENTITIES',
                entities: "{{queries.query0.data | merge(['not an entity'])}}",
                tags: [
                  { name: 'Unencrypted', value },
                  { name: 'Owner', value: value === null ? null : "{{'sec' + '-team'}}" },
                ],
              },
            ],
          },
        ],
        outputs: [],
      });
    const tagged = await create(a, tagRule(true));
    const record = await evaluate(a, tagged.id);
    assert.deepEqual(actions(record), [
      {
        pointer: '/operations/0/actions/0',
        type: 'TAG_ENTITIES',
        status: 'SUCCESS',
        inputs: { entities: 2, tags: { 'tag.Unencrypted': true, 'tag.Owner': 'sec-team' } },
        result: { tagged: 2, notEntities: 1 },
      },
    ]);
    const stored = async () =>
      (await scopeContents(a.accountId, 's')).entities.map((e) => [
        e._key,
        e['tag.Unencrypted'] ?? null,
        e['tag.Owner'] ?? null,
      ]);
    assert.deepEqual(await stored(), [
      ['b1', true, 'sec-team'],
      ['b2', true, 'sec-team'],
      ['b3', null, null],
    ]);
    const found = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND aws_s3_bucket WITH tag.Unencrypted = true' });
    assert.deepEqual(found.body.data.map((v: Body) => v.entity._key).sort(), ['b1', 'b2']);
    const searched = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND "sec-team"' });
    assert.equal(searched.body.totalCount, 2);

    const untag = await create(a, tagRule(null));
    const removed = await evaluate(a, untag.id);
    assert.equal(removed.status, 'SUCCESS', JSON.stringify(removed.errors));
    assert.deepEqual(await stored(), [
      ['b1', null, null],
      ['b2', null, null],
      ['b3', null, null],
    ]);
  });

  it('FOR_EACH_ITEM runs its SERVICE_QUERY first for each item; a top-level SERVICE_QUERY feeds later actions', async () => {
    const { a } = await seeded();
    const record = await dryRun(a, {
      name: 'per item',
      question: {
        queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = false AS b ORDER BY b.size' }],
      },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            { type: 'SERVICE_QUERY', name: 'same', query: "FIND aws_s3_bucket WITH owner = 'ann'" },
            {
              type: 'SET_PROPERTY',
              targetProperty: 'sameOwner',
              targetValue: '{{queries.same.total}}',
            },
            {
              type: 'FOR_EACH_ITEM',
              itemRef: 'bucket',
              items: '{{queries.query0.data}}',
              actions: [
                {
                  type: 'SET_PROPERTY',
                  targetProperty: 'line',
                  targetValue: '{{bucket.entity.displayName}} has {{queries.peers.total}} peers',
                },
                {
                  type: 'JUPITERONE_QUERY',
                  name: 'peers',
                  query: "FIND aws_s3_bucket WITH owner = '{{bucket.properties.owner}}'",
                },
                {
                  type: 'WEBHOOK',
                  endpoint: 'https://hooks.example.com/{{bucket.entity._key}}',
                  method: 'POST',
                  body: { text: '{{line}}' },
                },
              ],
            },
          ],
        },
      ],
      outputs: ['sameOwner', 'line', 'queries.peers.total'],
    });
    assert.deepEqual(record.errors, []);
    assert.deepEqual(record.outputs, { sameOwner: 2, line: null, 'queries.peers.total': null });
    const forEach = record.operations[0].actions[2];
    assert.equal(forEach.status, 'DRY_RUN');
    assert.deepEqual(forEach.inputs, { items: 2, itemRef: 'bucket' });
    assert.deepEqual(
      forEach.items.map((item: Body) => [
        item.index,
        item.actions.map((o: Body) => [o.pointer, o.type, o.status, o.inputs]),
      ]),
      [
        [
          0,
          [
            [
              '/operations/0/actions/2/actions/1',
              'SERVICE_QUERY',
              'SUCCESS',
              { name: 'peers', query: "FIND aws_s3_bucket WITH owner = 'ann'" },
            ],
            [
              '/operations/0/actions/2/actions/0',
              'SET_PROPERTY',
              'SUCCESS',
              { line: 'logs has 2 peers' },
            ],
            [
              '/operations/0/actions/2/actions/2',
              'WEBHOOK',
              'DRY_RUN',
              {
                endpoint: 'https://hooks.example.com/b1',
                method: 'POST',
                body: { text: 'logs has 2 peers' },
              },
            ],
          ],
        ],
        [
          1,
          [
            [
              '/operations/0/actions/2/actions/1',
              'SERVICE_QUERY',
              'SUCCESS',
              { name: 'peers', query: "FIND aws_s3_bucket WITH owner = 'bob'" },
            ],
            [
              '/operations/0/actions/2/actions/0',
              'SET_PROPERTY',
              'SUCCESS',
              { line: 'web has 1 peers' },
            ],
            [
              '/operations/0/actions/2/actions/2',
              'WEBHOOK',
              'DRY_RUN',
              {
                endpoint: 'https://hooks.example.com/b2',
                method: 'POST',
                body: { text: 'web has 1 peers' },
              },
            ],
          ],
        ],
      ],
    );
    assert.deepEqual(
      record.queries.map((q: Body) => [q.name, q.total]),
      [
        ['query0', 2],
        ['same', 2],
        ['peers', 2],
        ['peers', 1],
      ],
    );
  });

  it('triggerActionsOnNewEntitiesOnly: actions run only when a result entity is new; the alert stays active meanwhile', async () => {
    const { a, sync } = await seeded();
    const rule = await create(a, alertRule('new only', { triggerActionsOnNewEntitiesOnly: true }));
    const first = await evaluate(a, rule.id);
    assert.equal(first.newEntityCount, 2);
    assert.equal(first.actionsSkipped, undefined);
    assert.equal(first.alert.change, 'OPENED');

    const second = await evaluate(a, rule.id);
    assert.equal(second.entityCount, 2);
    assert.equal(second.newEntityCount, 0);
    assert.equal(second.actionsSkipped, 'NO_NEW_ENTITIES');
    assert.deepEqual(
      actions(second).map((o) => [o.type, o.status]),
      [
        ['SET_PROPERTY', 'SKIPPED'],
        ['CREATE_ALERT', 'SKIPPED'],
      ],
    );
    assert.equal(second.alert, undefined);
    let [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'ACTIVE');
    assert.equal(alert?.evaluationCount, 1);

    await sync.diff('s', [
      ...BUCKETS,
      entity('b4', { _type: 'aws_s3_bucket', _class: 'DataStore', encrypted: false }),
    ]);
    const third = await evaluate(a, rule.id);
    assert.equal(third.newEntityCount, 1);
    assert.equal(third.actionsSkipped, undefined);
    assert.equal(third.alert.change, 'UPDATED');
    [alert] = await alerts(a, rule.id);
    assert.equal(alert?.evaluationCount, 2);
    assert.deepEqual(alert?.queryTotals, { query0: 3 });
  });

  it('a failing query fails the evaluation: nothing runs, the active alert stays, notifyOnFailure is recorded', async () => {
    const { a } = await seeded();
    const graph = await testGraph();
    const parameters = new ParameterService({ graph });
    await parameters.put({ accountId: a.accountId, name: 'enc', body: { value: false } });
    const rule = await create(
      a,
      alertRule('fragile', {
        notifyOnFailure: true,
        question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = ${param.enc}' }] },
      }),
    );
    const ok = await evaluate(a, rule.id);
    assert.equal(ok.alert.change, 'OPENED');
    await parameters.delete({ accountId: a.accountId, name: 'enc' });
    const failed = await evaluate(a, rule.id);
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.queries[0].total, undefined);
    assert.match(failed.queries[0].error, /enc/);
    assert.deepEqual(failed.errors, [`query query0: ${failed.queries[0].error}`]);
    assert.deepEqual(failed.operations, []);
    assert.equal(failed.alert, undefined);
    assert.deepEqual(failed.failureNotification, {
      status: 'NOT_SENT',
      detail:
        'No notification email addresses are configured for the account (PUT /account/notification-emails)',
    });
    const [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'ACTIVE');

    const quiet = await create(
      a,
      alertRule('quiet', {
        question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = ${param.enc}' }] },
      }),
    );
    const unnotified = await evaluate(a, quiet.id);
    assert.equal(unnotified.status, 'FAILED');
    assert.equal(unnotified.failureNotification, undefined);
  });

  it('a condition that cannot be evaluated and a failing action are recorded; the other operations still run', async () => {
    const { a } = await seeded();
    const rule = await create(a, {
      name: 'mixed',
      question: { queries: [{ query: UNENCRYPTED }] },
      operations: [
        {
          // Valid when saved; at run time the rule has no template of its own name.
          when: {
            type: 'FILTER',
            condition: '{{queries.query0.data | mapTemplate(alertRuleName) | length > 0}}',
          },
          actions: [{ type: 'CREATE_ALERT' }],
        },
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            {
              type: 'SET_PROPERTY',
              targetProperty: 'alertLevel',
              targetValue: "{{'SEV' + 'ERE'}}",
            },
            { type: 'CREATE_ALERT' },
            { type: 'SEND_EMAIL', recipients: ['sec@example.com'], body: 'x' },
            { type: 'SET_PROPERTY', targetProperty: 'after', targetValue: 'ran' },
          ],
        },
      ],
      outputs: ['after'],
    });
    const record = await evaluate(a, rule.id);
    assert.equal(record.status, 'FAILED');
    assert.equal(
      record.operations[0].error,
      "Template {{queries.query0.data | mapTemplate(alertRuleName) | length > 0}} failed: the rule has no template 'mixed' (its templates: none) (at /operations/0/when/condition, character 0)",
    );
    assert.equal(record.operations[0].conditionResult, undefined);
    assert.deepEqual(
      actions(record).map((o) => [o.type, o.status, o.error]),
      [
        ['SET_PROPERTY', 'SUCCESS', undefined],
        [
          'CREATE_ALERT',
          'FAILED',
          'alertLevel is "SEVERE"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
        ],
        [
          'SEND_EMAIL',
          'FAILED',
          'SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
        ],
        ['SET_PROPERTY', 'SUCCESS', undefined],
      ],
    );
    assert.deepEqual(record.errors, [
      `/operations/0/when: ${record.operations[0].error}`,
      '/operations/1/actions/1 CREATE_ALERT: alertLevel is "SEVERE"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
      '/operations/1/actions/2 SEND_EMAIL: SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
    ]);
    assert.deepEqual(record.outputs, { after: 'ran' });
    assert.deepEqual(await alerts(a, rule.id), []);
  });

  it('a dry run renders outbound actions without sending, hides secret parameters, and stores nothing', async () => {
    const { a } = await seeded();
    const parameters = new ParameterService({ graph: await testGraph() });
    await parameters.put({
      accountId: a.accountId,
      name: 'token',
      body: { value: 's3cr3t-token', secret: true },
    });
    await parameters.put({
      accountId: a.accountId,
      name: 'team',
      body: { value: ['a@x.com', 'b@x.com'] },
    });
    const rule = alertRule('outbound', {
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'LOW' },
            { type: 'CREATE_ALERT' },
            {
              type: 'WEBHOOK',
              url: 'https://hooks.example.com/x',
              method: 'POST',
              headers: { Authorization: 'Bearer {{param.token}}' },
              body: {
                buckets: "{{queries.query0.data | mapProperty('displayName')}}",
                level: '{{alertLevel}}',
              },
            },
            {
              type: 'SEND_EMAIL',
              recipients: '{{param.team}}',
              body: '{{queries.query0.total}} buckets',
            },
          ],
        },
      ],
      outputs: ['alertLevel', 'alertRuleId', 'alertWebLink'],
    });
    const record = await dryRun(a, rule);
    assert.equal(record.status, 'SUCCESS');
    assert.deepEqual(actions(record).slice(1), [
      {
        pointer: '/operations/0/actions/1',
        type: 'CREATE_ALERT',
        status: 'DRY_RUN',
        inputs: { level: 'LOW' },
      },
      {
        pointer: '/operations/0/actions/2',
        type: 'WEBHOOK',
        status: 'DRY_RUN',
        inputs: {
          endpoint: 'https://hooks.example.com/x',
          method: 'POST',
          headers: { Authorization: 'Bearer [secret]' },
          body: { buckets: ['logs', 'web'], level: 'LOW' },
        },
      },
      {
        pointer: '/operations/0/actions/3',
        type: 'SEND_EMAIL',
        status: 'DRY_RUN',
        inputs: { recipients: ['a@x.com', 'b@x.com'], body: '2 buckets' },
      },
    ]);
    assert.ok(!JSON.stringify(record).includes('s3cr3t-token'));
    const res = await request(app).get('/alerts').set(a.headers);
    assert.deepEqual(res.body.alerts, []);

    // A stored rule dry-runs the same way; nothing is stored for it.
    const stored = await create(a, rule);
    const dry = await evaluate(a, stored.id, { dryRun: true });
    assert.equal(dry.trigger, 'DRY_RUN');
    assert.equal(dry.ruleId, stored.id);
    assert.deepEqual(dry.outputs, {
      alertLevel: 'LOW',
      alertRuleId: stored.id,
      alertWebLink: `${TEST_PUBLIC_URL}/alerts?ruleId=${stored.id}`,
    });
    assert.deepEqual(
      actions(dry).map((o) => o.status),
      ['SUCCESS', 'DRY_RUN', 'DRY_RUN', 'DRY_RUN'],
    );
    const listed = await request(app).get(`/rules/${stored.id}/evaluations`).set(a.headers);
    assert.deepEqual(listed.body, { evaluations: [] });
    assert.deepEqual((await request(app).get('/alerts').set(a.headers)).body.alerts, []);
  });

  it('keeps secrets out of the record: numbers, SERVICE_QUERY texts, real TAG_ENTITIES inputs, quoted errors', async () => {
    const { a } = await seeded();
    const parameters = new ParameterService({ graph: await testGraph() });
    const secret = (name: string, value: unknown) =>
      parameters.put({ accountId: a.accountId, name, body: { value, secret: true } });
    await secret('pin', 987654);
    await secret('tok', 'TOPSECRET123');
    await secret('quoted', 'se"c\\ret');
    const rule = await create(a, {
      name: 'leaky',
      question: { queries: [{ query: UNENCRYPTED }] },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'pin', targetValue: '{{param.pin}}' },
            {
              type: 'SERVICE_QUERY',
              name: 'sq',
              query: "FIND aws_s3_bucket WITH displayName = '{{param.tok}}'",
            },
            {
              type: 'TAG_ENTITIES',
              entities: '{{queries.query0.data}}',
              tags: [{ name: 'k', value: '{{param.tok}}' }],
            },
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: '{{param.quoted}}' },
            { type: 'CREATE_ALERT' },
          ],
        },
      ],
      outputs: ['pin', 'param'],
    });
    const record = await evaluate(a, rule.id);
    const text = JSON.stringify(record);
    for (const leaked of ['987654', 'TOPSECRET123', 'c\\\\ret', 'se\\"c']) {
      assert.ok(!text.includes(leaked), `${leaked} leaked: ${text}`);
    }
    assert.deepEqual(record.outputs, {
      pin: '[secret]',
      param: { pin: '[secret]', tok: '[secret]', quoted: '[secret]' },
    });
    assert.equal(record.queries[1].query, "FIND aws_s3_bucket WITH displayName = '[secret]'");
    assert.deepEqual(actions(record)[2]?.inputs, { entities: 2, tags: { 'tag.k': '[secret]' } });
    assert.equal(
      actions(record)[4]?.error,
      'alertLevel is "[secret]"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
    );
  });

  it('FOR_EACH_ITEM raising the alert per item opens it once and counts the evaluation once; its failure keeps the alert', async () => {
    const { a } = await seeded();
    const parameters = new ParameterService({ graph: await testGraph() });
    await parameters.put({ accountId: a.accountId, name: 'lvl', body: { value: 'HIGH' } });
    const rule = await create(a, {
      name: 'per item alert',
      question: { queries: [{ query: UNENCRYPTED }] },
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: '{{param.lvl}}' },
            {
              type: 'FOR_EACH_ITEM',
              items: '{{queries.query0.data}}',
              actions: [{ type: 'CREATE_ALERT' }],
            },
          ],
        },
      ],
    });
    const first = await evaluate(a, rule.id);
    assert.equal(first.alert.change, 'OPENED');
    let [alert] = await alerts(a, rule.id);
    assert.equal(alert?.evaluationCount, 1);
    await parameters.put({ accountId: a.accountId, name: 'lvl', body: { value: 'BOGUS' } });
    const failing = await evaluate(a, rule.id);
    assert.equal(failing.status, 'FAILED');
    assert.equal(failing.alert, undefined);
    [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'ACTIVE');
  });

  it('triggerActionsOnNewEntitiesOnly holds the actions of a first evaluation without entities', async () => {
    const { a } = await seeded();
    const rule = await create(
      a,
      alertRule('nothing new', {
        triggerActionsOnNewEntitiesOnly: true,
        question: { queries: [{ query: 'FIND nothing_here' }] },
        operations: [
          { when: { type: 'FILTER', condition: true }, actions: [{ type: 'CREATE_ALERT' }] },
        ],
      }),
    );
    const record = await evaluate(a, rule.id);
    assert.equal(record.newEntityCount, 0);
    assert.equal(record.actionsSkipped, 'NO_NEW_ENTITIES');
    assert.deepEqual(await alerts(a, rule.id), []);
  });
});
