import assert from 'node:assert/strict';
import { eventBody, signature, verifySignature } from '../../../src/subscriptions/change-event';

describe('subscriptions: change event bodies and signatures', () => {
  const node = {
    id: '0b7d3c1e-5f7a-4c55-9d0e-2f4a8b6c1d3e',
    accountId: 'local',
    type: 'sync.job.finished',
    occurredOn: Date.parse('2026-11-27T03:00:00.000Z'),
    jobId: '5a1f0f6e-8c2b-4d7e-a9b3-1c2d3e4f5a6b',
    source: 'api',
    scope: 'aws-prod',
    syncMode: 'DIFF',
    entitiesCreated: 2,
    entitiesUpdated: 0,
    entitiesDeleted: 0,
    relationshipsCreated: 0,
    relationshipsUpdated: 0,
    relationshipsDeleted: 0,
  };

  it("the guide's example: this body, signed with its secret, gives the signature it shows", () => {
    // docs/guide/change-events.md, "Verifying a webhook".
    const raw = JSON.stringify(eventBody(node));
    assert.equal(
      raw,
      '{"eventId":"0b7d3c1e-5f7a-4c55-9d0e-2f4a8b6c1d3e","type":"sync.job.finished","occurredAt":"2026-11-27T03:00:00.000Z","accountId":"local","job":{"id":"5a1f0f6e-8c2b-4d7e-a9b3-1c2d3e4f5a6b","source":"api","scope":"aws-prod","syncMode":"DIFF"},"scope":"aws-prod","source":"api","counts":{"entitiesCreated":2,"entitiesUpdated":0,"entitiesDeleted":0,"relationshipsCreated":0,"relationshipsUpdated":0,"relationshipsDeleted":0}}',
    );
    const signed = signature(raw, 'whsec-docs-0123456789abcdef');
    assert.equal(signed, 'sha256=b5ece6c906e63d36d0e4d3b25e89841aea30f5ba52952283333dfc3b0d094905');
    assert.ok(verifySignature(raw, 'whsec-docs-0123456789abcdef', signed));
  });

  it('a signature fails for another secret, an altered body or a malformed header', () => {
    const raw = JSON.stringify(eventBody(node));
    const signed = signature(raw, 'secret-one-0123456789');
    assert.ok(!verifySignature(raw, 'secret-two-0123456789', signed));
    assert.ok(
      !verifySignature(
        raw.replace('"entitiesCreated":2', '"entitiesCreated":3'),
        'secret-one-0123456789',
        signed,
      ),
    );
    assert.ok(!verifySignature(raw, 'secret-one-0123456789', 'sha256=00'));
  });

  it('an entity-API event has no job, and its source is api', () => {
    const body = eventBody({
      id: 'e1',
      accountId: 'a',
      type: 'entities.changed',
      occurredOn: 0,
      source: 'api',
      entitiesUpdated: 1,
    });
    assert.equal(body.job, null);
    assert.equal(body.scope, null);
    assert.equal(body.source, 'api');
    assert.equal(body.counts.entitiesUpdated, 1);
    assert.equal(body.counts.entitiesCreated, 0);
  });
});
