import assert from 'node:assert/strict';
import request from 'supertest';
import { verifySignature } from '../../../src/subscriptions/change-event';
import { freshAccount } from '../../helpers/harness';
import { EventReceiver } from './event-receiver';
import {
  deliveries,
  dispatchUntil,
  eventConfig,
  eventStack,
  finishedJob,
  SECRET,
  subscribe,
} from './subscription-helpers';

/**
 * Change events delivered to a real local webhook receiver from a real finalize on the test
 * Neo4j: exactly once per finalize through failures, signed, logged, and never touching the job.
 */
describe('subscriptions: change events to a webhook', function () {
  this.timeout(60_000);
  let receiver: EventReceiver;
  beforeEach(async () => {
    receiver = await EventReceiver.start();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('delivers a finalize exactly once to a receiver that fails its first two tries', async () => {
    const { app, services } = await eventStack();
    const a = await freshAccount();
    const id = await subscribe(app, a, {
      name: 'hook',
      target: { kind: 'webhook', url: receiver.url(), secret: SECRET },
    });
    receiver.answer(500, 500);
    const jobId = await finishedJob(services, a);
    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'DELIVERED',
    );
    // More rounds deliver nothing more.
    for (let i = 0; i < 5; i++) await services.subscriptions.dispatcher.runOnce();

    assert.equal(receiver.received.length, 3);
    const ids = new Set(receiver.received.map((r) => r.body.eventId));
    assert.equal(ids.size, 1, 'the same event every try');
    const [eventId] = [...ids];
    for (const r of receiver.received) {
      assert.equal(r.headers['x-graphsync-event-id'], eventId);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.ok(verifySignature(r.raw, SECRET, String(r.headers['x-graphsync-signature'])));
      assert.ok(
        !verifySignature(
          r.raw,
          'another-secret-0123456789',
          String(r.headers['x-graphsync-signature']),
        ),
      );
    }
    const body = receiver.received[0]!.body;
    assert.deepEqual(
      { ...body, occurredAt: typeof body.occurredAt },
      {
        eventId,
        type: 'sync.job.finished',
        occurredAt: 'string',
        accountId: a.accountId,
        job: { id: jobId, source: 'api', scope: 'events-scope', syncMode: 'DIFF' },
        scope: 'events-scope',
        source: 'api',
        counts: {
          entitiesCreated: 2,
          entitiesUpdated: 0,
          entitiesDeleted: 0,
          relationshipsCreated: 0,
          relationshipsUpdated: 0,
          relationshipsDeleted: 0,
        },
      },
    );
    const [log, ...more] = await deliveries(app, a, id);
    assert.equal(more.length, 0);
    assert.equal(log!.eventId, eventId);
    assert.equal(log!.jobId, jobId);
    assert.equal(log!.eventType, 'sync.job.finished');
    assert.equal(log!.status, 'DELIVERED');
    assert.equal(log!.attempts, 3);
    assert.equal(log!.lastStatus, 200);
    assert.equal(log!.lastError, null);
    assert.equal(typeof log!.deliveredOn, 'number');
  });

  it('logs each failed try and gives up after SUBSCRIPTION_ATTEMPTS; the job stays FINISHED', async () => {
    const { app, services } = await eventStack(eventConfig(2));
    const a = await freshAccount();
    const id = await subscribe(app, a, {
      name: 'down',
      target: { kind: 'webhook', url: receiver.url('/down'), secret: SECRET },
    });
    receiver.answer(503, 503, 503);
    const jobId = await finishedJob(services, a);
    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'FAILED',
    );
    for (let i = 0; i < 3; i++) await services.subscriptions.dispatcher.runOnce();
    assert.equal(receiver.received.length, 2);
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.attempts, 2);
    assert.equal(log!.lastStatus, 503);
    assert.match(log!.lastError!, /^POST http:\/\/127\.0\.0\.1:\d+\/down answered 503: ok$/);
    assert.equal(log!.deliveredOn, null);
    const job = await request(app).get(`/persister/synchronization/jobs/${jobId}`).set(a.headers);
    assert.equal(job.status, 200);
    assert.equal((job.body as { job: { status: string } }).job.status, 'FINISHED');
  });

  it('a receiver that cannot be reached fails no finalize', async () => {
    const { app, services } = await eventStack(eventConfig(1));
    const a = await freshAccount();
    const url = receiver.url('/gone');
    await receiver.close();
    const id = await subscribe(app, a, {
      name: 'gone',
      target: { kind: 'webhook', url, secret: SECRET },
    });
    // finishedJob asserts FINISHED: the finalize does not wait for, or hear of, the delivery.
    await finishedJob(services, a);
    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'FAILED',
    );
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.lastStatus, null);
    assert.match(log!.lastError!, /failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    receiver = await EventReceiver.start();
  });

  it('sends an entity-API write as entities.changed, and filters by scope and type', async () => {
    const { app, services } = await eventStack();
    const a = await freshAccount();
    const all = await subscribe(app, a, {
      name: 'all',
      target: { kind: 'webhook', url: receiver.url('/all'), secret: SECRET },
    });
    const other = await subscribe(app, a, {
      name: 'other scope',
      target: { kind: 'webhook', url: receiver.url('/other'), secret: SECRET },
      filter: { scopes: ['another-scope'] },
    });
    const jobsOnly = await subscribe(app, a, {
      name: 'jobs only',
      target: { kind: 'webhook', url: receiver.url('/jobs'), secret: SECRET },
      filter: { types: ['sync.job.finished'] },
    });
    await finishedJob(services, a);
    const found = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: "FIND test_thing WITH _key = 'k1'" });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const entityId = (found.body as { data: Array<{ entity: { _id: string } }> }).data[0]!.entity
      ._id;
    const patched = await request(app)
      .patch(`/entities/${entityId}`)
      .set(a.headers)
      .send({ properties: { owner: 'ops' } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    await dispatchUntil(services, () => Promise.resolve(receiver.received.length >= 3));
    for (let i = 0; i < 3; i++) await services.subscriptions.dispatcher.runOnce();
    assert.equal((await deliveries(app, a, other)).length, 0);
    assert.equal((await deliveries(app, a, all)).length, 2);
    assert.equal((await deliveries(app, a, jobsOnly)).length, 1);
    const changed = receiver.received.find((r) => r.body.type === 'entities.changed');
    assert.ok(changed);
    assert.deepEqual(changed.body.counts, {
      entitiesCreated: 0,
      entitiesUpdated: 1,
      entitiesDeleted: 0,
      relationshipsCreated: 0,
      relationshipsUpdated: 0,
      relationshipsDeleted: 0,
    });
    assert.equal(changed.body.job, null);
    assert.equal(changed.body.scope, 'events-scope');
  });
});
