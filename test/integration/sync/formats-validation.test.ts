import assert from 'node:assert/strict';
import { assertError, type Body, entity, relationship } from './lifecycle-helpers';
import {
  accepted,
  csv,
  type ErrorBody,
  graphOf,
  json,
  jobWithBaseline,
  type Payload,
  send,
  startJob,
  yaml,
} from './formats-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload formats (issue 4) through HTTP on the real Neo4j: the same validation, and the same
 * messages, in every format (CSV ones naming the line).
 */
forEachBlobStore('sync jobs: upload formats (HTTP, real Neo4j)', () => {
  describe('the same validation, and messages, in every format', () => {
    interface Rejection {
      name: string;
      route?: string;
      body: Body;
      csv: Payload;
      message: string;
      /** The line of the CSV file where the object the message points at starts. */
      line?: number;
    }
    const withoutKey = { _type: 'test_host', _class: 'Host' };
    const rejections: Rejection[] = [
      {
        name: 'a missing _key, after relationship rows and a blank line',
        body: {
          entities: [entity('k0'), entity('k1'), withoutKey],
          relationships: [relationship('r0', 'k0', 'k1')],
        },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k1',
          '',
          'k1,test_host,Host,,',
          ',test_host,Host,,',
        ),
        message: '/entities/2/_key is required',
        line: 6,
      },
      {
        name: 'a relationship without _type',
        body: {
          entities: [entity('k0'), entity('k1')],
          relationships: [
            relationship('r0', 'k0', 'k1'),
            { _key: 'r1', _class: 'USES', _fromEntityKey: 'k1', _toEntityKey: 'k0' },
          ],
        },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k1',
          'r1,,USES,k1,k0',
          'k1,test_host,Host,,',
        ),
        message: '/relationships/1/_type is required',
        line: 4,
      },
      {
        name: 'a reserved property name',
        body: { entities: [entity('k0', { _internal: 'x' })] },
        csv: csv('_key,_type,_class,_internal', 'k0,test_host,Host,x'),
        message: "/entities/0 (entity key: 'k0') has invalid property name '_internal'",
        line: 2,
      },
      {
        name: 'a _class of six items',
        body: { entities: [entity('k0', { _class: ['A', 'B', 'C', 'D', 'E', 'F'] })] },
        csv: csv(
          '_key,_type,_class.0,_class.1,_class.2,_class.3,_class.4,_class.5',
          'k0,test_host,A,B,C,D,E,F',
        ),
        message: "/entities/0/_class (entity key: 'k0') has more than 5 items",
        line: 2,
      },
      {
        name: 'a _key over 7000 characters',
        body: { entities: [entity('k0'), entity('x'.repeat(7001))] },
        csv: csv('_key,_type,_class', 'k0,test_host,Host', `${'x'.repeat(7001)},test_host,Host`),
        message: '/entities/1/_key: maximum length exceeded',
        line: 3,
      },
      {
        name: 'a mixed-type array',
        body: { entities: [entity('k0', { tags: [1, 'a'] })] },
        csv: csv('_key,_type,_class,tags', 'k0,test_host,Host,"[1,""a""]"'),
        message:
          "/entities/0/tags (entity key: 'k0') has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.",
        line: 2,
      },
      {
        name: 'an array on a relationship',
        body: { relationships: [relationship('r0', 'k0', 'k1', { tags: ['a'] })] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey,tags.0',
          'r0,test_host_uses_host,USES,k0,k1,a',
        ),
        message:
          "/relationships/0/tags (relationship key: 'r0') has invalid type. Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.",
        line: 2,
      },
      {
        name: 'a duplicate _key within the upload',
        body: { entities: [entity('k0'), entity('k1'), entity('k0')] },
        csv: csv(
          '_key,_type,_class',
          'k0,test_host,Host',
          'k1,test_host,Host',
          'k0,test_host,Host',
        ),
        message:
          "/entities/2/_key 'k0' is a duplicate: an entity with this _key was already uploaded in this job",
        line: 4,
      },
      {
        name: 'a _key uploaded by an earlier batch',
        body: { entities: [entity('k0'), entity('base')] },
        csv: csv('_key,_type,_class', 'k0,test_host,Host', 'base,test_host,Host'),
        message:
          "/entities/1/_key 'base' is a duplicate: an entity with this _key was already uploaded in this job",
        line: 3,
      },
      {
        name: 'a class that cannot be a Neo4j label',
        body: { entities: [entity('k0'), entity('k1', { _class: ['Host', 'lower case class'] })] },
        csv: csv(
          '_key,_type,_class.0,_class.1',
          'k0,test_host,Host,',
          'k1,test_host,Host,lower case class',
        ),
        message:
          "/entities/1/_class (entity key: 'k1') has invalid class 'lower case class': a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        line: 3,
      },
      {
        name: 'a relationship class that cannot be a Neo4j relationship type',
        route: 'relationships',
        body: { relationships: [relationship('r0', 'k0', 'k1', { _class: '9USES' })] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'r0,test_host_uses_host,9USES,k0,k1',
        ),
        message:
          "/relationships/0/_class (relationship key: 'r0') has invalid class '9USES': a relationship class becomes a Neo4j relationship type, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        line: 2,
      },
      {
        name: 'a relationship sent to /entities',
        route: 'entities',
        body: { entities: [entity('k0')], relationships: [relationship('r0', 'k0', 'k0')] },
        csv: csv(
          '_key,_type,_class,_fromEntityKey,_toEntityKey',
          'k0,test_host,Host,,',
          'r0,test_host_uses_host,USES,k0,k0',
        ),
        message:
          'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
      },
    ];

    for (const c of rejections) {
      const route = c.route ?? 'upload';
      it(`${c.name} (/${route})`, async () => {
        const { jobs, id, assertUntouched } = await jobWithBaseline();
        const expected = [
          ['json', c.message],
          ['yaml', c.message],
          ['csv', c.line === undefined ? c.message : `CSV line ${c.line}: ${c.message}`],
        ];
        const got = [
          ['json', await send(jobs, id, route, json(c.body))],
          ['yaml', await send(jobs, id, route, yaml(c.body))],
          ['csv', await send(jobs, id, route, c.csv)],
        ] as const;
        assert.deepEqual(
          got.map(([format, res]) => [format, res.status, (res.body as ErrorBody).error?.code]),
          expected.map(([format]) => [format, 400, 'VALIDATION_ERROR']),
        );
        assert.deepEqual(
          got.map(([format, res]) => [format, (res.body as ErrorBody).error?.message]),
          expected,
        );
        await assertUntouched();
      });
    }

    it('an empty entities array next to relationships is refused in JSON and YAML; a CSV file of relationship rows is not one', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const body = { entities: [], relationships: [relationship('r0', 'k0', 'k1')] };
      for (const route of ['upload', 'relationships']) {
        for (const payload of [json(body), yaml(body)]) {
          assertError(
            await send(jobs, id, route, payload),
            400,
            'VALIDATION_ERROR',
            'entities must have minimum 1 item',
          );
        }
      }
      await assertUntouched();

      const { jobs: other, accountId, id: next } = await startJob();
      const rows = csv(
        '_key,_type,_class,_fromEntityKey,_toEntityKey',
        'r0,test_host_uses_host,USES,k0,k1',
      );
      const job = await accepted(other, next, 'upload', rows);
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [0, 1]);
      await accepted(
        other,
        next,
        'upload',
        csv('_key,_type,_class', 'k0,test_host,Host', 'k1,test_host,Host'),
      );
      const done = await other.finalize(next);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
      assert.deepEqual(
        (await graphOf(accountId)).relationships.map((r) => [r._key, r.type, r.ends]),
        [['r0', 'USES', ['k0', 'k1']]],
      );
    });

    it('a displayName or owner that is not a string: refused in JSON and YAML, CSV cells stay text', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      const body = { entities: [entity('k0', { displayName: 123456789012 })] };
      const message =
        "/entities/0/displayName (entity key: 'k0') has invalid type. Valid types are string or null.";
      assertError(await send(jobs, id, 'upload', json(body)), 400, 'VALIDATION_ERROR', message);
      assertError(await send(jobs, id, 'upload', yaml(body)), 400, 'VALIDATION_ERROR', message);
      await assertUntouched();

      const { jobs: other, accountId, id: next } = await startJob();
      await accepted(
        other,
        next,
        'entities',
        csv('_key,_type,_class,displayName,owner,n', 'k0,test_host,Host,123456789012,true,42'),
      );
      await other.finalize(next);
      assert.deepEqual((await graphOf(accountId)).entities, [
        {
          _key: 'k0',
          _type: 'test_host',
          labels: ['Entity', 'Host', 'test_host'],
          props: { displayName: '123456789012', owner: 'true', n: 42 },
        },
      ]);
    });

    it('JSON and YAML agree on types CSV cannot write (a numeric _key, an object)', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      for (const [body, message] of [
        [{ entities: [entity('k0', { _key: 123 })] }, '/entities/0/_key must be a string'],
        [
          { entities: [entity('k0', { meta: { a: 1 } })] },
          "/entities/0/meta (entity key: 'k0') has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.",
        ],
      ] as const) {
        assertError(await send(jobs, id, 'upload', json(body)), 400, 'VALIDATION_ERROR', message);
        assertError(await send(jobs, id, 'upload', yaml(body)), 400, 'VALIDATION_ERROR', message);
      }
      await assertUntouched();
    });
  });
});
