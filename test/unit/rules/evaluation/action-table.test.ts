import assert from 'node:assert/strict';
import { ACTION_HANDLERS, actionHandler } from '../../../../src/rules/evaluation/action-table';
import type { ActionIO, PlanInput } from '../../../../src/rules/evaluation/actions/action-handler';
import { alertLevelOf } from '../../../../src/rules/evaluation/actions/create-alert';
import {
  forEachOutcome,
  innerOrder,
  itemContext,
} from '../../../../src/rules/evaluation/actions/for-each-item';
import { REDACTED } from '../../../../src/rules/evaluation/redact';
import { ACTION_TYPES, type RuleAction } from '../../../../src/rules/rule-types';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { actionScope, entities, fakeWorld } from './evaluation-fixtures';

/**
 * The action table: each entry's plan (the fields rendered and checked, pure) and its effect
 * (over in-memory stand-ins), one action type at a time.
 */
describe('rule actions: the action table', () => {
  const vertex = (id: string) => entities(id).data as unknown[];
  const context = (): TemplateContext => ({
    queries: { q: { total: 2, data: [...vertex('e1'), ...vertex('e2')] } },
    param: { token: 'tok-secret', env: 'prod' },
    alertLevel: 'high',
    alertRuleName: 'rule',
  });
  const input = (pointer = '/operations/0/actions/0', ctx = context()): PlanInput => ({
    context: ctx,
    templates: { line: '{{item.entity.displayName}} in {{param.env}}' },
    pointer,
  });
  const io = (extra: Partial<ActionIO> = {}): ActionIO => ({
    deps: fakeWorld().deps,
    scope: actionScope({ secrets: ['tok-secret'] }),
    context: context(),
    pointer: '/operations/0/actions/0',
    run: () => Promise.reject(new Error('no inner action expected')),
    ...extra,
  });
  async function rejection(run: () => unknown): Promise<string> {
    try {
      await run();
    } catch (err) {
      return (err as Error).message;
    }
    return assert.fail('expected a rejection');
  }

  it('has one entry per action type; any other type is refused', () => {
    assert.deepEqual(Object.keys(ACTION_HANDLERS).sort(), [...ACTION_TYPES].sort());
    for (const type of ACTION_TYPES) assert.equal(actionHandler(type), ACTION_HANDLERS[type]);
    for (const type of ['SEND_FAX', 'constructor', '__proto__']) {
      assert.throws(() => actionHandler(type), {
        message: `${type} is not an action this service runs`,
      });
    }
  });

  describe('SET_PROPERTY', () => {
    const entry = ACTION_HANDLERS.SET_PROPERTY;

    it('plans the rendered targetValue with its type', async () => {
      const action = {
        type: 'SET_PROPERTY' as const,
        targetProperty: 'count',
        targetValue: '{{queries.q.total}}',
      };
      assert.deepEqual(await entry.plan(action, input()), { property: 'count', value: 2 });
      assert.deepEqual(
        await entry.plan(
          { ...action, targetValue: '{{queries.q.total}} in {{param.env}}' },
          input(),
        ),
        { property: 'count', value: '2 in prod' },
      );
    });

    it('sets an own property (even __proto__) for later templates; secrets hidden in inputs', async () => {
      const effect = io();
      assert.deepEqual(await entry.perform({ property: 'token', value: 'tok-secret' }, effect), {
        inputs: { token: REDACTED },
      });
      assert.equal(effect.context.token, 'tok-secret');
      await entry.perform({ property: '__proto__', value: { polluted: true } }, effect);
      assert.equal(Object.getPrototypeOf(effect.context), Object.prototype);
      assert.deepEqual(Object.getOwnPropertyDescriptor(effect.context, '__proto__')?.value, {
        polluted: true,
      });
    });
  });

  describe('SERVICE_QUERY', () => {
    const entry = ACTION_HANDLERS.SERVICE_QUERY;
    const action = {
      type: 'SERVICE_QUERY' as const,
      name: 'more',
      query: 'FIND x WITH env="{{param.env}}"',
    };

    it('plans the rendered query; one rendering to no query is refused with its pointer', async () => {
      assert.deepEqual(await entry.plan(action, input()), {
        name: 'more',
        query: 'FIND x WITH env="prod"',
      });
      assert.equal(
        await rejection(() => entry.plan({ ...action, query: '{{param.nope}}' }, input('/p'))),
        '/p/query renders to undefined, not a query',
      );
    });

    it('runs it through the evaluation, its result at queries.<name>', async () => {
      const ran: string[] = [];
      const effect = io({
        scope: actionScope({
          secrets: ['tok-secret'],
          runQuery: (_name, query) => {
            ran.push(query);
            return Promise.resolve({ data: [1, 2, 3], total: 3 });
          },
        }),
      });
      assert.deepEqual(await entry.perform({ name: 'more', query: 'FIND tok-secret' }, effect), {
        inputs: { name: 'more', query: `FIND ${REDACTED}` },
        result: { total: 3 },
      });
      assert.deepEqual(ran, ['FIND tok-secret']);
      assert.deepEqual(effect.context.queries?.more, { data: [1, 2, 3], total: 3 });
      assert.equal(effect.context.queries?.q?.total, 2, 'the others stay');
    });
  });

  describe('CREATE_ALERT', () => {
    const entry = ACTION_HANDLERS.CREATE_ALERT;
    const action = { type: 'CREATE_ALERT' as const };

    it('plans the level alertLevel holds, in any case; unset is INFO; anything else is refused', async () => {
      assert.deepEqual(await entry.plan(action, input()), { level: 'HIGH' });
      assert.equal(alertLevelOf(undefined), 'INFO');
      assert.equal(alertLevelOf(''), 'INFO');
      assert.equal(alertLevelOf('Critical'), 'CRITICAL');
      assert.throws(
        () => alertLevelOf('urgent'),
        /^Error: alertLevel is "urgent"; CREATE_ALERT needs one of INFO, LOW/,
      );
      assert.deepEqual(entry.dryRun!({ level: 'LOW' }), { level: 'LOW' });
    });

    it('raises the alert with the rule, level and query totals; the scope knows it opened it', async () => {
      const world = fakeWorld();
      const scope = actionScope({ queryTotals: () => ({ q: 2 }) });
      const first = await entry.perform({ level: 'HIGH' }, io({ deps: world.deps, scope }));
      assert.deepEqual(first, {
        target: 'alert-1',
        inputs: { level: 'HIGH' },
        result: { alertId: 'alert-1', created: true, evaluationCount: 1 },
      });
      assert.deepEqual(scope.raised, { id: 'alert-1', status: 'ACTIVE', change: 'OPENED' });
      const raised = world.alerts.raised[0];
      assert.deepEqual(
        [raised?.ruleId, raised?.ruleName, raised?.ruleVersion, raised?.level, raised?.queryTotals],
        ['r-1', 'rule', 1, 'HIGH', { q: 2 }],
      );
      // Raised again by the same evaluation: still the alert it opened.
      await entry.perform({ level: 'HIGH' }, io({ deps: world.deps, scope }));
      assert.equal(scope.raised?.change, 'OPENED');
    });
  });

  describe('TAG_ENTITIES', () => {
    const entry = ACTION_HANDLERS.TAG_ENTITIES;
    const action: Extract<RuleAction, { type: 'TAG_ENTITIES' }> = {
      type: 'TAG_ENTITIES',
      entities: '{{queries.q.data}}',
      tags: [
        { name: 'env', value: '{{param.env}}' },
        { name: 'old', value: null },
      ],
    };

    it('plans the distinct entities of the rendered entities and the rendered tags', async () => {
      const ctx = context();
      ctx.extra = [...vertex('e1'), { _id: 'e3' }, 'not an entity', 42];
      const planned = await entry.plan(
        {
          ...action,
          entities: ['{{queries.q.data[1]}}', '{{queries.q.data[0]}}', '{{queries.q.data[1]}}'],
        },
        input(undefined, ctx),
      );
      assert.deepEqual(planned, {
        entityIds: ['e2', 'e1'],
        tags: { 'tag.env': 'prod', 'tag.old': null },
        notEntities: 0,
      });
      const flat = await entry.plan({ ...action, entities: '{{extra}}' }, input(undefined, ctx));
      assert.deepEqual([flat.entityIds, flat.notEntities], [['e1', 'e3'], 2]);
      assert.deepEqual(entry.dryRun!(planned), { entities: 2, tags: planned.tags });
    });

    it('refuses tags that are not a list of valid names and plain values, naming the pointer', async () => {
      assert.equal(
        await rejection(() => entry.plan({ ...action, tags: '{{param.env}}' }, input('/p'))),
        '/p/tags must be a list of {name, value}, not "prod"',
      );
      assert.match(
        await rejection(() =>
          entry.plan({ ...action, tags: [{ name: '_x', value: 1 }] }, input('/p')),
        ),
        /^\/p\/tags\/0\/name must be a tag name/,
      );
      assert.equal(
        await rejection(() =>
          entry.plan(
            { ...action, tags: [{ name: 'x', value: '{{queries.q.data}}' }] },
            input('/p'),
          ),
        ),
        '/p/tags/0/value must be a string, number, boolean or null',
      );
    });

    it('tags the entities (none: the tagger is not called)', async () => {
      const world = fakeWorld();
      const tags = { 'tag.env': 'tok-secret' };
      const done = await entry.perform(
        { entityIds: ['e1'], tags, notEntities: 1 },
        io({ deps: world.deps }),
      );
      assert.deepEqual(done, {
        inputs: { entities: 1, tags: { 'tag.env': REDACTED } },
        result: { tagged: 1, notEntities: 1 },
      });
      assert.deepEqual(world.tagged, [{ entityIds: ['e1'], properties: tags }]);
      const none = await entry.perform(
        { entityIds: [], tags, notEntities: 0 },
        io({ deps: world.deps }),
      );
      assert.deepEqual(none.result, { tagged: 0, notEntities: 0 });
      assert.equal(world.tagged.length, 1);
    });
  });

  describe('FOR_EACH_ITEM', () => {
    const entry = ACTION_HANDLERS.FOR_EACH_ITEM;
    const set = (n: string): RuleAction => ({
      type: 'SET_PROPERTY',
      targetProperty: n,
      targetValue: 1,
    });
    const query = (n: string): RuleAction => ({ type: 'SERVICE_QUERY', name: n, query: 'FIND x' });

    it('plans the rendered items (one value is one item, none is none) and the inner order', async () => {
      const action = {
        type: 'FOR_EACH_ITEM' as const,
        itemRef: 'b',
        items: '{{queries.q.data}}',
        actions: [set('a'), query('q1'), set('c'), query('q2')],
      };
      const planned = await entry.plan(action, input());
      assert.equal(planned.items.length, 2);
      assert.equal(planned.itemRef, 'b');
      assert.deepEqual(
        planned.actions.map((a) => a.index),
        [1, 3, 0, 2],
        'SERVICE_QUERY first, each group in order',
      );
      assert.deepEqual((await entry.plan({ ...action, items: '{{param.env}}' }, input())).items, [
        'prod',
      ]);
      assert.deepEqual(
        (await entry.plan({ ...action, items: '{{param.nope}}' }, input())).items,
        [],
      );
      assert.deepEqual(innerOrder([]), []);
    });

    it('itemContext: the item under itemRef on a copy, queries copied too', () => {
      const ctx = context();
      const copy = itemContext(ctx, 'bucket', { n: 1 });
      assert.deepEqual(copy.bucket, { n: 1 });
      assert.equal(ctx.bucket, undefined);
      assert.notEqual(copy.queries, ctx.queries);
      assert.deepEqual(copy.queries, ctx.queries);
    });

    it('forEachOutcome: FAILED when an item failed, DRY_RUN in a dry run, with the items', () => {
      const ok = { pointer: '/x', type: 'SET_PROPERTY', status: 'SUCCESS' as const, durationMs: 0 };
      const bad = { ...ok, status: 'FAILED' as const, error: 'e' };
      const plan = { itemRef: 'i', items: [1, 2] };
      const clean = [
        { index: 0, actions: [ok] },
        { index: 1, actions: [ok] },
      ];
      const broken = [
        { index: 0, actions: [ok] },
        { index: 1, actions: [bad] },
      ];
      assert.deepEqual(forEachOutcome(plan, clean, false), {
        inputs: { items: 2, itemRef: 'i' },
        items: clean,
      });
      assert.deepEqual(forEachOutcome(plan, broken, false), {
        status: 'FAILED',
        error: 'an action failed for some item',
        inputs: { items: 2, itemRef: 'i' },
        items: broken,
      });
      assert.equal(forEachOutcome(plan, broken, true).status, 'DRY_RUN');
      assert.equal(forEachOutcome(plan, clean, true).status, 'DRY_RUN');
    });
  });

  describe('the outbound types', () => {
    const webhook: Extract<RuleAction, { type: 'WEBHOOK' }> = {
      type: 'WEBHOOK',
      id: 'hook-1',
      endpoint: 'https://hooks.test/{{param.env}}',
      method: 'POST',
      headers: { 'X-Token': '{{param.token}}' },
      body: {
        rule: '{{alertRuleName}}',
        count: '{{queries.q.total}}',
        names: ["{{queries.q.data | mapTemplate('line')}}"],
      },
    };

    it('share one entry: every field rendered (types kept, mapTemplate too), type and id left out', async () => {
      for (const type of [
        'SEND_EMAIL',
        'CREATE_TRACKER_TICKET',
        'SEND_CHAT_MESSAGE',
        'PUBLISH_TOPIC_MESSAGE',
        'SEND_QUEUE_MESSAGE',
      ] as const) {
        assert.equal(ACTION_HANDLERS[type], ACTION_HANDLERS.WEBHOOK, type);
      }
      const planned = await ACTION_HANDLERS.WEBHOOK.plan(webhook, input());
      const rendered = {
        endpoint: 'https://hooks.test/prod',
        method: 'POST',
        headers: { 'X-Token': 'tok-secret' },
        body: { rule: 'rule', count: 2, names: [['e1 in prod', 'e2 in prod']] },
      };
      // No parameter is secret in this context: what is shown is what is sent.
      assert.deepEqual(planned, {
        type: 'WEBHOOK',
        action: rendered,
        shown: rendered,
      });
      assert.deepEqual(ACTION_HANDLERS.WEBHOOK.dryRun!(planned), planned.action);
    });

    it("a template that fails names the field's pointer", async () => {
      const message = await rejection(() =>
        ACTION_HANDLERS.WEBHOOK.plan(
          { ...webhook, body: { a: ['ok', '{{queries.q.data | mapTemplate("nope")}}'] } as never },
          input('/operations/1/actions/2'),
        ),
      );
      assert.match(message, /at \/operations\/1\/actions\/2\/body\/a\/1,/);
    });

    it("hands the rendered fields to the deployment's sender; secrets hidden in the record", async () => {
      const sent: Array<Record<string, unknown>> = [];
      const world = fakeWorld({
        senders: () => [
          {
            type: 'WEBHOOK',
            execute: (input) => {
              sent.push(input.action);
              return Promise.resolve({
                target: 'POST https://tok-secret.test',
                result: { echo: 'tok-secret' },
              });
            },
          },
        ],
      });
      const planned = {
        type: 'WEBHOOK' as const,
        action: { headers: { 'X-Token': 'tok-secret' } },
        // What the record shows: the exact-text scrub still hides a secret that reached it.
        shown: { headers: { 'X-Token': 'tok-secret' } },
      };
      assert.deepEqual(await ACTION_HANDLERS.WEBHOOK.perform(planned, io({ deps: world.deps })), {
        inputs: { headers: { 'X-Token': REDACTED } },
        target: `POST https://${REDACTED}.test`,
        result: { echo: REDACTED },
      });
      assert.deepEqual(sent, [planned.action]);
    });

    it('without a sender for the type it fails, saying so', async () => {
      assert.equal(
        await rejection(() =>
          ACTION_HANDLERS.SEND_EMAIL.perform({ type: 'SEND_EMAIL', action: {}, shown: {} }, io()),
        ),
        'SEND_EMAIL cannot run: no SEND_EMAIL sender is configured in this deployment',
      );
    });
  });
});
