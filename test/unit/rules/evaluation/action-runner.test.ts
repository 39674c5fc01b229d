import assert from 'node:assert/strict';
import { ActionRunner } from '../../../../src/rules/evaluation/action-runner';
import {
  actionOutcome,
  dryRunOutcome,
} from '../../../../src/rules/evaluation/actions/action-handler';
import type { ActionOutcome } from '../../../../src/rules/evaluation/evaluation-record';
import { REDACTED } from '../../../../src/rules/evaluation/redact';
import type { RuleAction } from '../../../../src/rules/rule-types';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { actionScope, entities, fakeWorld, recordingSender } from './evaluation-fixtures';

/**
 * The runner's shared bookkeeping over the action table, with in-memory stand-ins: order, one
 * failure not stopping the others, dry runs, FOR_EACH_ITEM, templates rendered into the fields.
 */
describe('rule actions: the runner', () => {
  const context = (): TemplateContext => ({
    queries: {
      q: {
        total: 2,
        data: [...(entities('e1').data as unknown[]), ...(entities('e2').data as unknown[])],
      },
    },
    param: { token: 'tok-secret' },
  });
  const run = (
    actions: RuleAction[],
    world = fakeWorld(),
    scope = actionScope({ secrets: ['tok-secret'] }),
    ctx = context(),
  ) => new ActionRunner(world.deps).runAll(actions, ctx, scope, '/operations/0/actions');
  const statuses = (outcomes: ActionOutcome[]) => outcomes.map((o) => [o.type, o.status]);
  const webhook = (body: string): RuleAction => ({
    type: 'WEBHOOK',
    endpoint: 'https://hooks.test',
    method: 'POST',
    body: { text: body } as never,
  });

  describe('bookkeeping', () => {
    it('actionOutcome: the action named, SUCCESS unless told, its duration; FAILED with the error, secrets hidden', () => {
      const action = { type: 'WEBHOOK' as const, id: 'h-1' };
      assert.deepEqual(actionOutcome(action, '/p', { done: { target: 't' } }, 5, []), {
        pointer: '/p',
        type: 'WEBHOOK',
        status: 'SUCCESS',
        durationMs: 5,
        id: 'h-1',
        target: 't',
      });
      assert.equal(
        actionOutcome(action, '/p', { done: { status: 'DRY_RUN' } }, 0, []).status,
        'DRY_RUN',
      );
      assert.deepEqual(
        actionOutcome({ type: 'WEBHOOK' }, '/p', { error: 'no tok-secret' }, 3, ['tok-secret']),
        {
          pointer: '/p',
          type: 'WEBHOOK',
          status: 'FAILED',
          durationMs: 3,
          error: `no ${REDACTED}`,
        },
      );
      assert.deepEqual(dryRunOutcome({ a: 'tok-secret' }, ['tok-secret']), {
        status: 'DRY_RUN',
        inputs: { a: REDACTED },
      });
    });
  });

  it('a failing action is recorded and the others still run, in order', async () => {
    const world = fakeWorld({
      senders: (sent) => [
        recordingSender('WEBHOOK', sent, (input) => {
          if ((input.action.body as { text: string }).text === 'fail')
            throw new Error('HTTP 500 from tok-secret');
          return { target: 'POST https://hooks.test' };
        }),
      ],
    });
    const outcomes = await run(
      [
        webhook('first'),
        webhook('fail'),
        { type: 'CREATE_ALERT', id: 'alert-action' },
        { type: 'SEND_EMAIL', recipients: ['a@x.test'] },
        webhook('last'),
      ],
      world,
    );
    assert.deepEqual(statuses(outcomes), [
      ['WEBHOOK', 'SUCCESS'],
      ['WEBHOOK', 'FAILED'],
      ['CREATE_ALERT', 'SUCCESS'],
      ['SEND_EMAIL', 'FAILED'],
      ['WEBHOOK', 'SUCCESS'],
    ]);
    assert.equal(outcomes[1]?.error, `HTTP 500 from ${REDACTED}`);
    assert.equal(
      outcomes[3]?.error,
      'SEND_EMAIL cannot run: no SEND_EMAIL sender is configured in this deployment',
    );
    assert.deepEqual(
      outcomes.map((o) => o.pointer),
      [0, 1, 2, 3, 4].map((i) => `/operations/0/actions/${i}`),
    );
    assert.equal(outcomes[2]?.id, 'alert-action');
    assert.deepEqual(
      world.sent.map((s) => (s.action.body as { text: string }).text),
      ['first', 'fail', 'last'],
    );
    assert.equal(world.alerts.raised.length, 1);
  });

  it('an unknown action type fails alone', async () => {
    const outcomes = await run([
      { type: 'SEND_FAX' } as unknown as RuleAction,
      { type: 'SET_PROPERTY', targetProperty: 'x', targetValue: 1 },
    ]);
    assert.deepEqual(statuses(outcomes), [
      ['SEND_FAX', 'FAILED'],
      ['SET_PROPERTY', 'SUCCESS'],
    ]);
    assert.equal(outcomes[0]?.error, 'SEND_FAX is not an action this service runs');
  });

  it('renders each action just before it runs: fields read what earlier actions set', async () => {
    const world = fakeWorld({ senders: (sent) => [recordingSender('WEBHOOK', sent)] });
    const ctx = context();
    await run(
      [
        {
          type: 'SET_PROPERTY',
          targetProperty: 'summary',
          targetValue: '{{queries.q.total}} buckets',
        },
        webhook('{{summary}}, token {{param.token}}'),
        { type: 'SET_PROPERTY', targetProperty: 'summary', targetValue: 'changed' },
      ],
      world,
      undefined,
      ctx,
    );
    assert.deepEqual(world.sent[0]?.action, {
      endpoint: 'https://hooks.test',
      method: 'POST',
      body: { text: '2 buckets, token tok-secret' },
    });
    assert.equal(world.sent[0]?.context.summary, 'changed', 'the sender sees the live variables');
    assert.equal(ctx.summary, 'changed');
  });

  it('a dry run renders the side effects without doing them; SET_PROPERTY and SERVICE_QUERY run', async () => {
    const world = fakeWorld({ senders: (sent) => [recordingSender('WEBHOOK', sent)] });
    const queried: string[] = [];
    const scope = actionScope({
      dryRun: true,
      secrets: ['tok-secret'],
      runQuery: (_name, query) => {
        queried.push(query);
        return Promise.resolve({ data: [], total: 0 });
      },
    });
    const outcomes = await run(
      [
        { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'LOW' },
        { type: 'SERVICE_QUERY', name: 'more', query: 'FIND x' },
        { type: 'CREATE_ALERT' },
        { type: 'TAG_ENTITIES', entities: '{{queries.q.data}}', tags: [{ name: 'a', value: 1 }] },
        webhook('{{param.token}}'),
      ],
      world,
      scope,
    );
    assert.deepEqual(statuses(outcomes), [
      ['SET_PROPERTY', 'SUCCESS'],
      ['SERVICE_QUERY', 'SUCCESS'],
      ['CREATE_ALERT', 'DRY_RUN'],
      ['TAG_ENTITIES', 'DRY_RUN'],
      ['WEBHOOK', 'DRY_RUN'],
    ]);
    assert.deepEqual(queried, ['FIND x']);
    assert.deepEqual(outcomes[2]?.inputs, { level: 'LOW' });
    assert.deepEqual(outcomes[3]?.inputs, { entities: 2, tags: { 'tag.a': 1 } });
    assert.deepEqual(outcomes[4]?.inputs, {
      endpoint: 'https://hooks.test',
      method: 'POST',
      body: { text: REDACTED },
    });
    assert.deepEqual([world.alerts.raised, world.tagged, world.sent], [[], [], []]);
    assert.equal(scope.raised, undefined);
  });

  describe('FOR_EACH_ITEM', () => {
    const forEach = (actions: RuleAction[], items = '{{queries.q.data}}'): RuleAction => ({
      type: 'FOR_EACH_ITEM',
      itemRef: 'bucket',
      items,
      actions,
    });

    it('runs the inner actions per item (SERVICE_QUERY first), each item on its own variables', async () => {
      const world = fakeWorld({ senders: (sent) => [recordingSender('WEBHOOK', sent)] });
      const queried: string[] = [];
      const scope = actionScope({
        runQuery: (_name, query) => {
          queried.push(query);
          return Promise.resolve({ data: [], total: queried.length });
        },
      });
      const ctx = context();
      const [outcome] = await run(
        [
          forEach([
            { type: 'SET_PROPERTY', targetProperty: 'seen', targetValue: '{{bucket.id}}' },
            webhook('{{seen}} has {{queries.per.total}}'),
            { type: 'SERVICE_QUERY', name: 'per', query: 'FIND x WITH id="{{bucket.id}}"' },
          ]),
        ],
        world,
        scope,
        ctx,
      );
      assert.equal(outcome?.status, 'SUCCESS');
      assert.deepEqual(outcome?.inputs, { items: 2, itemRef: 'bucket' });
      assert.deepEqual(queried, ['FIND x WITH id="e1"', 'FIND x WITH id="e2"']);
      assert.deepEqual(
        world.sent.map((s) => (s.action.body as { text: string }).text),
        ['e1 has 1', 'e2 has 2'],
      );
      assert.deepEqual(
        outcome?.items?.map((item) => [item.index, item.actions.map((a) => a.pointer)]),
        [0, 1].map((i) => [
          i,
          [
            '/operations/0/actions/0/actions/2',
            '/operations/0/actions/0/actions/0',
            '/operations/0/actions/0/actions/1',
          ],
        ]),
      );
      assert.equal(ctx.seen, undefined, 'what an item sets stays with it');
      assert.equal(ctx.queries?.per, undefined);
    });

    it('an item failing fails the FOR_EACH_ITEM; the other items still run', async () => {
      const world = fakeWorld({
        senders: (sent) => [
          recordingSender('WEBHOOK', sent, (input) => {
            if ((input.action.body as { text: string }).text === 'e1') throw new Error('down');
            return {};
          }),
        ],
      });
      const [outcome] = await run([forEach([webhook('{{bucket.id}}')])], world);
      assert.equal(outcome?.status, 'FAILED');
      assert.equal(outcome?.error, 'an action failed for some item');
      assert.deepEqual(
        outcome?.items?.map((item) => item.actions[0]?.status),
        ['FAILED', 'SUCCESS'],
      );
      assert.equal(world.sent.length, 2);
    });

    it('a CREATE_ALERT per item raises one alert: OPENED by the first, still OPENED after', async () => {
      const world = fakeWorld();
      const scope = actionScope();
      const [outcome] = await run([forEach([{ type: 'CREATE_ALERT' }])], world, scope);
      assert.equal(outcome?.status, 'SUCCESS');
      assert.equal(world.alerts.raised.length, 2);
      assert.equal(world.alerts.alerts.length, 1);
      assert.deepEqual(scope.raised, { id: 'alert-1', status: 'ACTIVE', change: 'OPENED' });
    });

    it('in a dry run it is DRY_RUN, its inner actions too; no items, no inner outcome', async () => {
      const [dry] = await run(
        [forEach([{ type: 'CREATE_ALERT' }])],
        fakeWorld(),
        actionScope({ dryRun: true }),
      );
      assert.equal(dry?.status, 'DRY_RUN');
      assert.deepEqual(
        dry?.items?.map((item) => item.actions[0]?.status),
        ['DRY_RUN', 'DRY_RUN'],
      );
      const [none] = await run([forEach([{ type: 'CREATE_ALERT' }], '{{param.nothing}}')]);
      assert.deepEqual([none?.status, none?.items], ['SUCCESS', []]);
    });
  });
});
