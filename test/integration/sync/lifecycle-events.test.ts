import assert from 'node:assert/strict';
import request from 'supertest';
import { assertError, client, JOBS, UUID } from './lifecycle-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * a job's events, stored and listed.
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
  describe('events', () => {
    it('stores events (in any status) and lists them oldest first, in the order given', async () => {
      const { app, account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev' });
      const list = async () => request(app).get(`${JOBS}/${id}/events`).set(account.headers);
      assert.deepEqual((await list()).body, { events: [] });

      const names = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
      const before = Date.now();
      const added = await jobs.post(id, 'events', {
        events: names.map((name) => ({ name, description: `Step ${name}` })),
      });
      const after = Date.now();
      assert.equal(added.status, 200, added.text);
      const events = (added.body as { events: Array<Record<string, unknown>> }).events;
      assert.deepEqual(
        events.map((e) => Object.keys(e).sort()),
        names.map(() => ['createDate', 'description', 'id', 'name']),
      );
      for (const e of events) {
        assert.match(e.id as string, UUID);
        assert.ok((e.createDate as number) >= before && (e.createDate as number) <= after);
      }
      assert.deepEqual(
        events.map((e) => [e.name, e.description]),
        names.map((n) => [n, `Step ${n}`]),
      );
      assert.deepEqual((await list()).body, { events });

      await jobs.finalize(id);
      const late = await jobs.post(id, 'events', {
        events: [{ name: 'after_finalize', description: 'still accepted' }],
      });
      assert.equal(late.status, 200, late.text);
      const all = (await list()).body as { events: Array<{ name: string }> };
      assert.deepEqual(
        all.events.map((e) => e.name),
        [...names, 'after_finalize'],
      );
    });

    it('rejects an empty events list and an event without a name', async () => {
      const { jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev' });
      assertError(
        await jobs.post(id, 'events', { events: [] }),
        400,
        'VALIDATION_ERROR',
        'events must have minimum 1 item',
      );
      assertError(
        await jobs.post(id, 'events', { events: [{ name: '', description: 'd' }] }),
        400,
        'VALIDATION_ERROR',
        '/events/0/name is required',
      );
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `e${i}` }));
      assertError(
        await jobs.post(id, 'events', { events: many }),
        400,
        'VALIDATION_ERROR',
        'events must have at most 100 items',
      );
      assertError(
        await jobs.post(id, 'events', { events: [{ name: 'x', description: 5 }] }),
        400,
        'VALIDATION_ERROR',
        '/events/0/description must be a string',
      );
    });

    it('takes an event without a description, or with description null, as the contract says', async () => {
      const { app, account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev-nodesc' });
      const added = await jobs.post(id, 'events', {
        events: [
          { name: 'a' },
          { name: 'b', description: null },
          ...Array.from({ length: 98 }, () => ({ name: 'c' })),
        ],
      });
      assert.equal(added.status, 200, added.text);
      const listed = await request(app).get(`${JOBS}/${id}/events`).set(account.headers);
      const events = (listed.body as { events: Array<{ name: string; description: string }> })
        .events;
      assert.equal(events.length, 100);
      assert.deepEqual(
        events.slice(0, 2).map((e) => [e.name, e.description]),
        [
          ['a', ''],
          ['b', ''],
        ],
      );
    });
  });
});
