import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { runCli } from '../helpers/processes';
import { testApp, testGraph, trackAccount } from '../helpers/harness';

/**
 * The `graphsync` command line records its changes (account create, set-features, key create,
 * key revoke) in the audit trail with the actor `cli` and no request id, never a key's secret;
 * its reads (key list, account get) record nothing. Real processes on the test Neo4j.
 */
describe('graphsync CLI: the audit trail (real process, real Neo4j)', function () {
  this.timeout(120_000);
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, LOG_LEVEL: 'silent' });

  async function cli(args: string[]): Promise<unknown> {
    const ran = await runCli(args, env());
    assert.equal(ran.code, 0, ran.stderr);
    return JSON.parse(ran.stdout) as unknown;
  }

  it('records each change with the actor cli, and only the changes', async () => {
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    await cli(['account', 'create', '--id', id, '--enable', 'PUT']);
    const { key } = (await cli(['key', 'create', '--account', id, '--name', 'from-cli'])) as {
      key: { id: string; secret: string };
    };
    await cli(['account', 'set-features', '--id', id, '--features', 'PUT,OVERRIDE']);
    await cli(['key', 'list', '--account', id]);
    await cli(['account', 'get', '--id', id]);

    const app = await testApp();
    const headers = { 'JupiterOne-Account': id, Authorization: `Bearer ${key.secret}` };
    const res = await request(app).get('/audit-events').set(headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const cliActor = { type: 'cli', keyId: null, keyName: null };
    const strip = (e: Record<string, unknown>) => {
      assert.equal(e.accountId, id);
      assert.equal(e.occurredAt, new Date(e.occurredOn as number).toISOString());
      const { operation, action, target, summary, actor, requestId } = e;
      return { operation, action, target, summary, actor, requestId };
    };
    assert.deepEqual((res.body.events as Array<Record<string, unknown>>).map(strip), [
      {
        operation: 'account set-features',
        action: 'update',
        target: { type: 'account', id },
        summary: { features: ['OVERRIDE', 'PUT'], notificationEmails: [], fields: ['features'] },
        actor: cliActor,
        requestId: null,
      },
      {
        operation: 'key create',
        action: 'create',
        target: { type: 'apiKey', id: key.id },
        summary: { name: 'from-cli', roles: ['ingest', 'read', 'write', 'admin'] },
        actor: cliActor,
        requestId: null,
      },
      {
        operation: 'account create',
        action: 'create',
        target: { type: 'account', id },
        summary: { features: ['PUT'], notificationEmails: [] },
        actor: cliActor,
        requestId: null,
      },
    ]);

    await cli(['key', 'revoke', '--account', id, '--key', key.id]);
    const rows = await (
      await testGraph()
    ).read<{ event: Record<string, unknown> }>('audit/test-account-audit-events', {
      accountId: id,
    });
    assert.equal(rows.length, 4);
    const revoked = rows[3]!.event;
    assert.deepEqual(
      [revoked.operation, revoked.action, revoked.targetType, revoked.targetId, revoked.summary],
      [
        'key revoke',
        'delete',
        'apiKey',
        key.id,
        JSON.stringify({ name: 'from-cli', roles: ['ingest', 'read', 'write', 'admin'] }),
      ],
    );
    assert.equal(revoked.actorType, 'cli');
    // Neo4j keeps no null property: no request id, no key.
    assert.deepEqual(
      [revoked.requestId, revoked.actorKeyId, revoked.actorKeyName],
      [undefined, undefined, undefined],
    );
    assert.ok(!JSON.stringify(rows).includes(key.secret), 'no event holds the key secret');
  });
});
