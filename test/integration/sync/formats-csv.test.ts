import assert from 'node:assert/strict';
import { assertError, customProps, scopeContents } from './lifecycle-helpers';
import {
  accepted,
  csv,
  type ErrorBody,
  graphOf,
  jobWithBaseline,
  SCOPE,
  send,
  startJob,
} from './formats-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload formats (issue 4) through HTTP on the real Neo4j: the CSV conversion rules (numbers and
 * booleans, arrays, relationship rows, blank lines).
 */
forEachBlobStore('sync jobs: upload formats (HTTP, real Neo4j)', () => {
  describe('CSV conversion', () => {
    it('converts JSON number literals and true/false; everything else, and system columns, stay text', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(
        jobs,
        id,
        'entities',
        csv(
          '_key,_type,_class,int,negative,exponent,zero,zip,plus,spaced,big,yes,no,caps,text,null,blank',
          '123,007,true,42,-1.5,2e3,0,02139,+1, 7,12345678901234567890,true,false,TRUE,hello,null,',
        ),
      );
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.equal(entities.length, 1);
      const stored = entities[0]!;
      assert.deepEqual(
        [stored._key, stored._type, stored.labels],
        ['123', '007', ['Entity', 'true']],
      );
      assert.deepEqual(customProps(stored), {
        int: 42,
        negative: -1.5,
        exponent: 2000,
        zero: 0,
        zip: '02139',
        plus: '+1',
        spaced: ' 7',
        big: '12345678901234567890',
        yes: true,
        no: false,
        caps: 'TRUE',
        text: 'hello',
        null: 'null',
      });
    });

    it('arrays: a JSON array in a cell, or spread over name.0, name.1, ... (also _class)', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(
        jobs,
        id,
        'entities',
        csv(
          '_key,_type,_class.0,_class.1,_class.2,names,nums,v.0,v.1,v.2,v.10,mixed.0,mixed.1',
          'a,t,Host,Device,,"[""x"",""y""]","[1,2.5]",3,,4,5,1,x',
          'b,t,Host,,,,"[]",,,,,true,false',
          'c,t,,Device,Server,"[""only""]",,,,,,,',
        ),
      );
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((e) => [e._key, [...e.labels].sort(), customProps(e)]),
        [
          [
            'a',
            ['Device', 'Entity', 'Host', 't'],
            // v: index order (0, 2, 10), the empty v.1 left out; mixed: not all numbers, so text.
            { names: ['x', 'y'], nums: [1, 2.5], v: [3, 4, 5], mixed: ['1', 'x'] },
          ],
          ['b', ['Entity', 'Host', 't'], { nums: [], mixed: [true, false] }],
          ['c', ['Device', 'Entity', 'Server', 't'], { names: ['only'] }],
        ],
      );
    });

    it('a row is a relationship when any of the four end columns has a value', async () => {
      const header = '_key,_type,_class,_fromEntityKey,_fromEntityId,_toEntityKey,_toEntityId';
      // Each row has just one end: validation then treats it as a (broken) relationship.
      const rows = [
        'r,t,USES,from,,,',
        'r,t,USES,,from-id,,',
        'r,t,USES,,,to,',
        'r,t,USES,,,,to-id',
      ];
      const { jobs, id, assertUntouched } = await jobWithBaseline();
      for (const row of rows) {
        const res = await send(jobs, id, 'upload', csv(header, 'e,t,Host,,,,', row));
        assert.equal(res.status, 400, res.text);
        assert.match(
          (res.body as ErrorBody).error?.message ?? '',
          /^CSV line 3: \/relationships\/0\//,
        );
      }
      // With no end, the same row is an entity.
      const entityOnly = await send(jobs, id, 'relationships', csv(header, 'e,t,Host,,,,'));
      assertError(
        entityOnly,
        400,
        'VALIDATION_ERROR',
        'entities are not accepted by the /relationships route: upload them to /entities or /upload',
      );
      await assertUntouched();
    });

    it('blank lines and rows of empty cells are skipped; a header-only file is an empty upload', async () => {
      const { jobs, accountId, id } = await startJob();
      const job = await accepted(
        jobs,
        id,
        'entities',
        csv('_key,_type,_class', '', 'a,t,Host', ',,', '', 'b,t,Host', ''),
      );
      assert.equal(job.numEntitiesUploaded, 2);
      assertError(
        await send(jobs, id, 'entities', csv('_key,_type,_class')),
        400,
        'VALIDATION_ERROR',
        'entities must have minimum 1 item',
      );
      assertError(
        await send(jobs, id, 'upload', { type: 'text/csv', text: '' }),
        400,
        'VALIDATION_ERROR',
        'An upload must contain at least one entity or relationship',
      );
      await jobs.finalize(id);
      assert.deepEqual(
        (await graphOf(accountId)).entities.map((e) => e._key),
        ['a', 'b'],
      );
    });
  });
});
