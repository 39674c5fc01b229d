import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { testApp, testGraph } from '../../helpers/harness';
import { scopeContents } from '../sync/semantics-helpers';
import { actions, alertRule, type Body, ruleCalls, UNENCRYPTED } from './rule-evaluation-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j, checked in the record the API answers and in
 * what Neo4j holds afterwards: TAG_ENTITIES, SERVICE_QUERY and FOR_EACH_ITEM (raising the alert per
 * item).
 */
describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const { seeded, create, evaluate, dryRun, alerts } = ruleCalls(() => app);

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
});
