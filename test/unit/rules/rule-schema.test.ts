import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/errors/app-error';
import { validateRule } from '../../../src/rules/rule-schema';
import type { RuleDefinition } from '../../../src/rules/rule-types';

function rejects(body: unknown, message: string): void {
  assert.throws(
    () => validateRule(body),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

const ALERT = [
  { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
  { type: 'CREATE_ALERT' },
];
const WHEN = { type: 'FILTER', specVersion: 1, condition: '{{queries.query0.total > 0}}' };

/** A valid rule body; `fields` replace or add top-level fields. */
function rule(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'unencrypted-data',
    question: { queries: [{ query: 'FIND DataStore WITH encrypted = false' }] },
    operations: [{ when: WHEN, actions: ALERT }],
    ...fields,
  };
}

/** A valid rule whose first operation runs `actions`. */
function withActions(...actions: unknown[]): Record<string, unknown> {
  return rule({ operations: [{ when: WHEN, actions }] });
}

/** A valid rule whose first operation's condition is `condition`. */
function withCondition(condition: unknown): Record<string, unknown> {
  return rule({ operations: [{ when: { type: 'FILTER', condition }, actions: ALERT }] });
}

describe('rule schema: validateRule', () => {
  describe('normalised definitions', () => {
    it('fills in the defaults: ONE_DAY, specVersion 1, query0 with v1, no deleted data, empty lists', () => {
      const expected: RuleDefinition = {
        name: 'unencrypted-data',
        specVersion: 1,
        pollingInterval: 'ONE_DAY',
        question: {
          queries: [
            {
              name: 'query0',
              query: 'FIND DataStore WITH encrypted = false',
              version: 'v1',
              includeDeleted: false,
            },
          ],
        },
        operations: [
          {
            when: WHEN as RuleDefinition['operations'][number]['when'],
            actions: [
              { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
              { type: 'CREATE_ALERT' },
            ],
          },
        ],
        templates: {},
        outputs: [],
        notifyOnFailure: false,
        triggerActionsOnNewEntitiesOnly: false,
        tags: [],
      };
      assert.deepEqual(validateRule(rule()), expected);
    });

    it('names unnamed queries query<index> by position and keeps given names and settings', () => {
      const definition = validateRule(
        rule({
          question: {
            queries: [
              { query: 'FIND Host' },
              { name: 'people', query: 'FIND Person', includeDeleted: true, version: 'v1' },
              { query: 'FIND Device' },
            ],
          },
        }),
      );
      assert.deepEqual(definition.question?.queries, [
        { name: 'query0', query: 'FIND Host', version: 'v1', includeDeleted: false },
        { name: 'people', query: 'FIND Person', version: 'v1', includeDeleted: true },
        { name: 'query2', query: 'FIND Device', version: 'v1', includeDeleted: false },
      ]);
    });

    it('keeps every optional field it is given, and questionId in place of a question', () => {
      const given = {
        description: 'Data stores without encryption',
        pollingInterval: 'THIRTY_MINUTES',
        questionId: 'b4c1f2d0-question',
        templates: { row: '{{item.name}}' },
        outputs: ['queries.query0.total', 'alertLevel'],
        notifyOnFailure: true,
        triggerActionsOnNewEntitiesOnly: true,
        ignorePreviousResults: false,
        tags: ['prod', 'data'],
        labels: [{ labelName: 'team', labelValue: 'security' }],
        remediationSteps: 'Turn on encryption.',
        resourceGroupId: 'rg-1',
      };
      assert.deepEqual(validateRule(rule({ ...given, question: undefined })), {
        name: 'unencrypted-data',
        specVersion: 1,
        operations: [{ when: WHEN, actions: ALERT }],
        ...given,
      });
    });

    it('renames the real-world action types and fields to the standard ones, recursively', () => {
      // Fields the renaming leaves alone.
      const ticket = {
        id: 'a1',
        integrationInstanceId: 'jira-1',
        entityClass: 'Finding',
        project: 'SEC',
        summary: '{{alertRuleName}}',
        issueType: 'Task',
        additionalFields: { description: { type: 'doc', version: 1, content: [] } },
        autoResolve: true,
      };
      const chat = { integrationInstanceId: 'slack-1', channels: ['#alerts'], body: 'Hi' };
      const queue = { integrationInstanceId: 'aws-1', queueUrl: 'https://q', data: { id: 1 } };
      const topic = { integrationInstanceId: 'aws-1', data: {} };
      const webhook = { method: 'POST', body: { a: 1 } };
      const query = { name: 'owner', query: 'FIND Person' };
      const items = '{{queries.query0.data}}';
      const definition = validateRule(
        withActions(
          { type: 'CREATE_JIRA_TICKET', ...ticket },
          { type: 'SEND_SLACK_MESSAGE', ...chat },
          { type: 'PUBLISH_SNS_MESSAGE', topicArn: 'arn:t', ...topic },
          { type: 'SEND_SQS_MESSAGE', ...queue },
          { type: 'WEBHOOK', url: 'https://hooks.example.com', ...webhook },
          {
            type: 'FOR_EACH_ITEM',
            items,
            actions: [
              { type: 'JUPITERONE_QUERY', ...query },
              { type: 'REFLEX_SEND_SQS_MESSAGE', ...queue },
            ],
          },
        ),
      );
      assert.deepEqual(definition.operations[0]?.actions, [
        { type: 'CREATE_TRACKER_TICKET', ...ticket },
        { type: 'SEND_CHAT_MESSAGE', ...chat },
        { type: 'PUBLISH_TOPIC_MESSAGE', topicResourceName: 'arn:t', ...topic },
        { type: 'SEND_QUEUE_MESSAGE', ...queue },
        { type: 'WEBHOOK', endpoint: 'https://hooks.example.com', ...webhook },
        {
          type: 'FOR_EACH_ITEM',
          items,
          itemRef: 'item',
          actions: [
            { type: 'SERVICE_QUERY', ...query },
            { type: 'SEND_QUEUE_MESSAGE', ...queue },
          ],
        },
      ]);
    });

    it('takes a {{template}} in place of any non-string field under operations', () => {
      const actions = [
        { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: '{{param.level}}' },
        { type: 'SET_PROPERTY', targetProperty: 'count', targetValue: 3 },
        {
          type: 'TAG_ENTITIES',
          entities: '{{[queries.query0.data.finding]}}',
          tags: '{{param.tags}}',
        },
        { type: 'SEND_EMAIL', recipients: '{{param.securityTeam}}' },
        {
          type: 'CREATE_TRACKER_TICKET',
          integrationInstanceId: '{{param.jira}}',
          entityClass: 'Finding',
          project: 'SEC',
          summary: 's',
          issueType: '',
          additionalFields: '{{param.fields}}',
          autoResolve: '{{param.autoResolve}}',
        },
        {
          type: 'SEND_CHAT_MESSAGE',
          integrationInstanceId: 'slack-1',
          channels: '{{param.channels}}',
          body: 'b',
        },
        { type: 'WEBHOOK', endpoint: 'https://x', method: '{{param.method}}', headers: '{{h}}' },
        {
          type: 'PUBLISH_TOPIC_MESSAGE',
          integrationInstanceId: 'i',
          topicResourceName: 't',
          data: '{{d}}',
        },
        {
          type: 'FOR_EACH_ITEM',
          itemRef: 'obj',
          items: [{ id: 1 }],
          actions: [{ type: 'CREATE_ALERT' }],
        },
      ];
      assert.deepEqual(validateRule(withActions(...actions)).operations[0]?.actions, actions);
    });

    it('takes the three condition forms and a list of conditions; `version` is specVersion', () => {
      const conditions = [
        '{{queries.query0.total > 0}}',
        ['queries.query0.total', '>', 100],
        ['AND', ['queries.query0.total', '>', 0], ['queries.query0.total', '<=', 100]],
        ['OR', ['a', '=', 'x'], ['AND', ['b', '!=', null], ['c', '==', true]], ['d', '>=', 1.5]],
        true,
      ];
      for (const condition of conditions) {
        assert.deepEqual(validateRule(withCondition(condition)).operations[0]?.when, {
          type: 'FILTER',
          condition,
        });
      }
      const when = [
        { type: 'FILTER', version: 1, condition: ['queries.query0.total', '>', 0] },
        { type: 'FILTER', condition: '{{param.enabled}}' },
      ];
      assert.deepEqual(validateRule(rule({ operations: [{ when, actions: ALERT }] })).operations, [
        {
          when: [
            { type: 'FILTER', specVersion: 1, condition: ['queries.query0.total', '>', 0] },
            { type: 'FILTER', condition: '{{param.enabled}}' },
          ],
          actions: ALERT,
        },
      ]);
    });

    it('drops the read-only fields of a stored rule, and reads top-level nulls as not given', () => {
      const stored = rule({
        id: '84a6237f',
        accountId: 'j1dev',
        version: 34,
        type: 'QUESTION',
        latest: true,
        deleted: false,
        latestAlertId: null,
        latestAlertIsActive: false,
        lastEvaluationStartOn: 1700000000000,
        lastEvaluationEndOn: 1700000001000,
        lastEvaluationResult: { outputs: [] },
        evaluationStep: 'DONE',
        state: null,
        createdOn: 1690000000000,
        updatedOn: 1700000000000,
        specVersion: 0,
        description: null,
        templates: null,
        outputs: null,
        tags: null,
        labels: null,
        pollingInterval: null,
        questionId: null,
        notifyOnFailure: null,
      });
      assert.deepEqual(validateRule(stored), validateRule(rule()));
    });

    it('takes back its own output (a GET answer PUT back) unchanged', () => {
      const first = validateRule(
        withActions({ type: 'WEBHOOK', url: 'https://x', method: 'GET', headers: { a: 'b' } }),
      );
      const stored = { ...first, id: 'r1', version: 3, createdOn: 1, updatedOn: 2 };
      assert.deepEqual(validateRule(stored), first);
    });

    it('returns a definition that shares no object with the body', () => {
      const body = withActions({
        type: 'WEBHOOK',
        endpoint: 'https://x',
        method: 'POST',
        body: {},
      });
      const copy = structuredClone(body);
      const definition = validateRule(body);
      assert.deepEqual(body, copy);
      const webhook = definition.operations[0]?.actions[0] as { body: object };
      const sent = (body.operations as { actions: { body: object }[] }[])[0]?.actions[0];
      assert.notEqual(webhook.body, sent?.body);
    });
  });

  describe('400 messages: the JSON pointer of the first offending field', () => {
    it('a missing, empty or blank name; a body that is not an object', () => {
      rejects(rule({ name: undefined }), '/name is required');
      rejects(rule({ name: '' }), '/name must not be empty');
      rejects(rule({ name: '  ' }), '/name must not be blank');
      rejects(rule({ name: 7 }), '/name must be a string');
      rejects(rule({ name: 'x'.repeat(257) }), '/name must be at most 256 characters long');
      rejects([rule()], 'The rule must be an object');
      rejects(null, 'The rule must be an object');
    });

    it('an unknown polling interval, spec version or top-level field', () => {
      rejects(
        rule({ pollingInterval: 'FIFTEEN_MINUTES' }),
        '/pollingInterval must be one of DISABLED, THIRTY_MINUTES, ONE_HOUR, FOUR_HOURS, ' +
          'EIGHT_HOURS, TWELVE_HOURS, ONE_DAY, ONE_WEEK',
      );
      rejects(rule({ specVersion: 2 }), '/specVersion must be 1');
      rejects(
        rule({ alertLevel: 'HIGH' }),
        '/alertLevel is not allowed: a rule has no such property',
      );
      rejects(rule({ tags: ['ok', 3] }), '/tags/1 must be a string');
    });

    it('both of question and questionId is a 400; so is neither, like an empty queries list', () => {
      const neither =
        '/question is required, or /questionId naming a stored question: a rule runs at least one query';
      rejects(rule({ question: undefined }), neither);
      rejects(rule({ question: null, questionId: null }), neither);
      rejects(
        rule({ questionId: 'q1' }),
        '/questionId is not allowed with /question: a rule runs its own question or a stored one',
      );
      rejects(rule({ question: { queries: [] } }), '/question/queries must not be empty');
      rejects(
        rule({ question: { queries: [{ name: 'q' }] } }),
        '/question/queries/0/query is required',
      );
    });

    it('a bad or duplicate query name, an unknown query language version', () => {
      rejects(
        rule({
          question: { queries: [{ query: 'FIND A' }, { name: 'bad-name', query: 'FIND B' }] },
        }),
        '/question/queries/1/name must match [A-Za-z0-9_]+',
      );
      // Real rule packs repeat names (queryBAD twice); evaluation keeps the later result.
      assert.deepEqual(
        validateRule(
          rule({
            question: { queries: [{ query: 'FIND A' }, { name: 'query0', query: 'FIND B' }] },
          }),
        ).question?.queries.map((q) => q.name),
        ['query0', 'query0'],
      );
      rejects(
        rule({ question: { queries: [{ query: 'FIND A', version: 'v2' }] } }),
        '/question/queries/0/version must be one of v1',
      );
    });

    it('an unknown action type, a missing type, an unknown action field', () => {
      rejects(
        withActions({ type: 'CREATE_ALERT' }, { type: 'SEND_PAGE' }),
        '/operations/0/actions/1/type must be one of SET_PROPERTY, CREATE_ALERT, TAG_ENTITIES, ' +
          'SEND_EMAIL, CREATE_TRACKER_TICKET, FOR_EACH_ITEM, SERVICE_QUERY, SEND_CHAT_MESSAGE, ' +
          'WEBHOOK, PUBLISH_TOPIC_MESSAGE, SEND_QUEUE_MESSAGE',
      );
      rejects(withActions({ targetProperty: 'x' }), '/operations/0/actions/0/type is required');
      rejects(withActions({ type: 7 }), '/operations/0/actions/0/type must be a string');
      rejects(withActions({ type: null }), '/operations/0/actions/0/type must be a string');
      rejects(
        withActions({ type: 'SEND_EMAIL', recipients: ['a@example.com'], subject: 'Hi' }),
        '/operations/0/actions/0/subject is not allowed: a SEND_EMAIL action has no such ' +
          'property (it takes type, id, recipients, body, integrationInstanceId)',
      );
      rejects(
        withActions({ type: 'CREATE_ALERT', level: 'HIGH' }),
        '/operations/0/actions/0/level is not allowed: a CREATE_ALERT action has no such ' +
          'property (it takes type, id)',
      );
    });

    it("an action's missing or mistyped fields, also inside FOR_EACH_ITEM", () => {
      rejects(
        withActions({ type: 'SEND_EMAIL', body: 'hi' }),
        '/operations/0/actions/0/recipients is required',
      );
      rejects(
        withActions({ type: 'SEND_EMAIL', recipients: 'ops@example.com' }),
        '/operations/0/actions/0/recipients must be a list of email addresses, or a {{template}}',
      );
      rejects(
        withActions({ type: 'SEND_EMAIL', recipients: [] }),
        '/operations/0/actions/0/recipients must not be empty',
      );
      // A list-or-template field is a oneOf: the branch of the value's type speaks; a value of
      // neither type gets the field's own words.
      rejects(
        withActions({ type: 'SEND_EMAIL', recipients: 7 }),
        '/operations/0/actions/0/recipients must be a list of email addresses, or a {{template}}',
      );
      rejects(
        withActions({ type: 'SEND_EMAIL', recipients: ['ops@example.com', ''] }),
        '/operations/0/actions/0/recipients/1 must not be empty',
      );
      rejects(
        withActions({ type: 'TAG_ENTITIES', entities: '{{x}}', tags: [{ name: 'a' }] }),
        '/operations/0/actions/0/tags/0/value is required',
      );
      rejects(
        withActions({ type: 'TAG_ENTITIES', entities: '{{x}}', tags: { name: 'a', value: 1 } }),
        '/operations/0/actions/0/tags must be a list of { name, value } tags, or a {{template}}',
      );
      rejects(
        withActions({
          type: 'TAG_ENTITIES',
          entities: '{{queries.query0.data}}',
          tags: [{ name: 'a' }],
        }),
        '/operations/0/actions/0/tags/0/value is required',
      );
      rejects(
        withActions({
          type: 'SEND_SLACK_MESSAGE',
          integrationInstanceId: 'slack-1',
          channels: ['#ok', 'general'],
          body: 'b',
        }),
        "/operations/0/actions/0/channels/1 must be a channel name starting with '#' (or a {{template}})",
      );
      rejects(
        withActions({
          type: 'FOR_EACH_ITEM',
          itemRef: 'my-item',
          items: '{{queries.query0.data}}',
          actions: [{ type: 'CREATE_ALERT' }],
        }),
        '/operations/0/actions/0/itemRef must be a name of letters, digits, _ and $, not starting with a digit',
      );
      rejects(
        withActions({
          type: 'FOR_EACH_ITEM',
          items: '{{queries.query0.data}}',
          actions: [{ type: 'JUPITERONE_QUERY', name: 'q', query: '' }],
        }),
        '/operations/0/actions/0/actions/0/query must not be empty',
      );
      rejects(
        withActions({ type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'SEVERE' }),
        '/operations/0/actions/0/targetValue must be one of INFO, LOW, MEDIUM, HIGH, CRITICAL (or a {{template}})',
      );
      rejects(
        withActions({ type: 'SET_PROPERTY', targetProperty: 'x', targetValue: { a: 1 } }),
        '/operations/0/actions/0/targetValue must be a string, number, boolean or null',
      );
    });

    it('a WEBHOOK with a bad method, a body it cannot send, or not exactly one of endpoint and url', () => {
      rejects(
        withActions({ type: 'WEBHOOK', endpoint: 'https://x', method: 'FETCH' }),
        '/operations/0/actions/0/method must be one of POST, PUT, GET, HEAD, PATCH, DELETE (or a {{template}})',
      );
      rejects(
        withActions({ type: 'WEBHOOK', endpoint: 'https://x', method: 'GET', body: { a: 1 } }),
        '/operations/0/actions/0/body is not allowed with method GET: only POST, PUT and PATCH send a body',
      );
      rejects(
        withActions({ type: 'WEBHOOK', method: 'POST' }),
        '/operations/0/actions/0/endpoint is required',
      );
      rejects(
        withActions({ type: 'WEBHOOK', endpoint: 'https://x', url: 'https://y', method: 'POST' }),
        '/operations/0/actions/0/url is not allowed with /operations/0/actions/0/endpoint: url is ' +
          'another name for endpoint',
      );
      rejects(
        withActions({ type: 'PUBLISH_SNS_MESSAGE', integrationInstanceId: 'i', data: {} }),
        '/operations/0/actions/0/topicResourceName is required',
      );
    });

    it('conditions: a bad operator, a malformed clause, a string that is no template, a bad type', () => {
      rejects(
        withCondition(['AND', ['queries.query0.total', '>', 0], ['queries.query0.total', '=>', 5]]),
        '/operations/0/when/condition/2/1 must be one of >, <, >=, <=, =, ==, !=',
      );
      rejects(
        withCondition(['OR', ['AND', ['a', 'gt', 1]]]),
        '/operations/0/when/condition/1/1/1 must be one of >, <, >=, <=, =, ==, !=',
      );
      rejects(
        withCondition(['AND']),
        '/operations/0/when/condition must be a group [AND|OR, clause, ...] with at least one clause',
      );
      rejects(
        withCondition(['queries.query0.total', '>']),
        '/operations/0/when/condition must be a comparison [path, operator, value] or a group [AND|OR, clause, ...]',
      );
      rejects(
        withCondition(['AND', 'queries.query0.total > 0']),
        '/operations/0/when/condition/1 must be a comparison [path, operator, value] or a group [AND|OR, clause, ...]',
      );
      rejects(
        withCondition('queries.query0.total > 0'),
        "/operations/0/when/condition must be a template such as '{{queries.query0.total > 0}}', a " +
          "list condition such as ['queries.query0.total', '>', 0], or a boolean",
      );
      rejects(
        rule({ operations: [{ when: { type: 'MATCH', condition: true }, actions: ALERT }] }),
        '/operations/0/when/type must be FILTER',
      );
      rejects(
        rule({ operations: [{ when: [], actions: ALERT }] }),
        '/operations/0/when must not be empty',
      );
      rejects(
        rule({ operations: [{ when: 'true', actions: ALERT }] }),
        '/operations/0/when must be a condition or a list of conditions',
      );
      rejects(
        rule({ operations: [{ when: { ...WHEN, version: 1 }, actions: ALERT }] }),
        '/operations/0/when/version is not allowed with /operations/0/when/specVersion: version is ' +
          'another name for specVersion',
      );
      rejects(
        rule({ operations: [{ when: WHEN, actions: [] }] }),
        '/operations/0/actions must not be empty',
      );
      rejects(rule({ operations: undefined }), '/operations is required');
    });
  });
});
