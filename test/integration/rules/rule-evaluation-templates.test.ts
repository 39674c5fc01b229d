import assert from 'node:assert/strict';
import type express from 'express';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { TEST_PUBLIC_URL, testApp, testGraph } from '../../helpers/harness';
import { entity } from '../sync/semantics-helpers';
import { type Body, BUCKETS, ruleCalls, UNENCRYPTED } from './rule-evaluation-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j, checked in the record the API answers and in
 * what Neo4j holds afterwards: queries with includeDeleted, every condition form, and the template
 * language (operators, filters, transforms, rule templates, array-valued properties).
 */
describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const { seeded, dryRun } = ruleCalls(() => app);

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
      webLink: `${TEST_PUBLIC_URL}/console/alerts`,
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
});
