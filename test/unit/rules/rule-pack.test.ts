import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/errors/app-error';
import { expandRulePack } from '../../../src/rules/rule-pack';
import type { RuleDefinition } from '../../../src/rules/rule-types';

function rejects(body: unknown, message: string): void {
  assert.throws(
    () => expandRulePack(body),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

const PACK = {
  name: 'ec2-instances-in-vpc',
  description: 'EC2 instance not in a VPC.',
  queries: [{ name: 'query0', query: 'Find aws_instance with vpcId=undefined', version: 'v1' }],
};

/** What every expanded pack has beyond its own fields. */
const EXPANDED = {
  specVersion: 1,
  pollingInterval: 'ONE_DAY',
  outputs: ['queries.query0.total', 'alertLevel'],
  templates: {},
  notifyOnFailure: false,
  triggerActionsOnNewEntitiesOnly: false,
  tags: [],
} as const;

function defaultOperation(level: string): RuleDefinition['operations'][number] {
  return {
    when: { type: 'FILTER', specVersion: 1, condition: '{{queries.query0.total > 0}}' },
    actions: [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: level },
      { type: 'CREATE_ALERT' },
    ],
  };
}

describe('rule packs: expandRulePack', () => {
  it("expands a compact rule with the client's defaults and its alertLevel", () => {
    assert.deepEqual(expandRulePack({ ...PACK, alertLevel: 'LOW' }), {
      name: 'ec2-instances-in-vpc',
      description: 'EC2 instance not in a VPC.',
      ...EXPANDED,
      question: {
        queries: [
          {
            name: 'query0',
            query: 'Find aws_instance with vpcId=undefined',
            version: 'v1',
            includeDeleted: false,
          },
        ],
      },
      operations: [defaultOperation('LOW')],
    });
  });

  it('sets alertLevel HIGH when the pack names none; unnamed queries get query<index>', () => {
    const definition = expandRulePack({
      name: 'two',
      queries: [{ query: 'FIND A' }, { query: 'FIND B', includeDeleted: true }],
    });
    assert.deepEqual(definition, {
      name: 'two',
      ...EXPANDED,
      question: {
        queries: [
          { name: 'query0', query: 'FIND A', version: 'v1', includeDeleted: false },
          { name: 'query1', query: 'FIND B', version: 'v1', includeDeleted: true },
        ],
      },
      operations: [defaultOperation('HIGH')],
    });
  });

  it("keeps the pack's own operations, templates, labels and tags", () => {
    const operations = [
      {
        when: { type: 'FILTER', condition: ['AND', ['queries.query0.total', '>', 0]] },
        actions: [
          { type: 'SET_PROPERTY', targetValue: 'CRITICAL', targetProperty: 'alertLevel' },
          {
            type: 'TAG_ENTITIES',
            entities: '{{[queries.query0.data.finding]}}',
            tags: [{ name: 'attackPath', value: '{{queries.query0.data.vulnerableAsset.id}}' }],
          },
        ],
      },
    ];
    const definition = expandRulePack({
      ...PACK,
      operations,
      templates: { emailBody: '{{item.name}}' },
      labels: [{ labelName: 'pack', labelValue: 'aws' }],
      tags: ['aws'],
    });
    assert.deepEqual(definition.operations, operations);
    assert.deepEqual(definition.templates, { emailBody: '{{item.name}}' });
    assert.deepEqual(definition.labels, [{ labelName: 'pack', labelValue: 'aws' }]);
    assert.deepEqual(definition.tags, ['aws']);
    assert.deepEqual(definition.outputs, EXPANDED.outputs);
  });

  it("refuses what is not a compact rule, naming the pack's own fields", () => {
    rejects([PACK], 'The rule-pack rule must be an object');
    rejects({ name: 'x' }, '/queries is required');
    rejects({ ...PACK, queries: [] }, '/queries must not be empty');
    rejects(
      { ...PACK, alertLevel: 'SEVERE' },
      '/alertLevel must be one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
    );
    rejects(
      { ...PACK, pollingInterval: 'ONE_HOUR' },
      '/pollingInterval is not allowed: a rule-pack rule has no such property',
    );
    rejects(
      { ...PACK, alertLevel: 'LOW', operations: [] },
      "/alertLevel is not allowed with /operations: the pack's own operations set the alert level",
    );
    rejects({ ...PACK, name: '' }, '/name must not be empty');
    rejects(
      { ...PACK, queries: [{ name: 'query-0', query: 'FIND A' }] },
      '/queries/0/name must match [A-Za-z0-9_]+',
    );
    assert.equal(
      expandRulePack({
        ...PACK,
        queries: [
          { name: 'queryBAD', query: 'FIND A' },
          { name: 'queryBAD', query: 'FIND B' },
        ],
      }).question?.queries.length,
      2,
    );
    rejects(
      {
        ...PACK,
        operations: [{ when: { type: 'FILTER', condition: true }, actions: [{ type: 'X' }] }],
      },
      '/operations/0/actions/0/type must be one of SET_PROPERTY, CREATE_ALERT, TAG_ENTITIES, ' +
        'SEND_EMAIL, CREATE_TRACKER_TICKET, FOR_EACH_ITEM, SERVICE_QUERY, SEND_CHAT_MESSAGE, ' +
        'WEBHOOK, PUBLISH_TOPIC_MESSAGE, SEND_QUEUE_MESSAGE',
    );
  });
});
