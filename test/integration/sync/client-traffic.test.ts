import assert from 'node:assert/strict';
import type express from 'express';
import { type Captured, readTraffic, replay, trafficFiles } from '../../helpers/client-traffic';
import { freshAccount, testApp, type TestAccount } from '../../helpers/harness';
import { scopeContents } from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * The requests that the integration SDK's clients (the `j1-integration` CLI 17 and the SDK
 * runtime 17) sent, replayed through HTTP against the real service and Neo4j (local mode:
 * finalize answers FINISHED): every request they make must work, whatever the capturing server
 * answered. On top of the captures, the other values the SDK 17 sends in the same requests: a
 * `system-internal` start with a `scope`, and an abort whose `terminalStatus` is one of the SDK's
 * statuses for a job that ended without finishing (decision 0006).
 */

/** The SDK's SynchronizationJobStatus values for a job that ended without finishing. */
const SDK_ABORT_STATUSES = ['ABORTED', 'ABORTED_DUE_TO_INVALID_CONFIGURATION', 'ERROR_BAD_DATA'];

const SDK_FILES = trafficFiles().filter(({ file }) => /^(cli17|runtime17)-/.test(file));

interface Job {
  id: string;
  source: string;
  scope?: string;
  status: string;
  abortReason?: string;
  terminalStatus?: string;
  [counter: string]: unknown;
}

const isStart = (r: Captured) => r.method === 'POST' && r.url === '/persister/synchronization/jobs';

/**
 * Replays a scenario as `account`. The job ids in the captured URLs are those the capturing server
 * gave; each is replaced by the id this service gave the same start. Returns every response.
 */
async function replayScenario(app: express.Express, requests: Captured[], account: TestAccount) {
  const ids = new Map<string, string>();
  const responses: Array<{ r: Captured; status: number; body: { job?: Job } }> = [];
  for (const captured of requests) {
    let url = captured.url;
    for (const [from, to] of ids) url = url.replace(from, to);
    const res = await replay(app, { ...captured, url }, account);
    responses.push({ r: captured, status: res.status, body: res.body as { job?: Job } });
    if (isStart(captured) && res.status === 200) {
      ids.set(captured.response!.job!.id, (res.body as { job: Job }).job.id);
    }
  }
  return responses;
}

/** A scenario with its start body or its abort's terminalStatus replaced. */
function variant(
  requests: Captured[],
  change: { start?: Record<string, unknown>; terminalStatus?: string },
): Captured[] {
  return requests.map((r) => {
    if (isStart(r) && change.start !== undefined) return { ...r, body: change.start };
    if (r.url.endsWith('/abort') && change.terminalStatus !== undefined) {
      return { ...r, body: { ...(r.body as object), terminalStatus: change.terminalStatus } };
    }
    return r;
  });
}

forEachBlobStore(
  'sync jobs: the SDK 17 clients’ captured requests on the real service (HTTP, real Neo4j)',
  () => {
    let app: express.Express;
    before(async () => {
      app = await testApp();
    });

    for (const { file, requests } of SDK_FILES) {
      it(`${file}: every request answers 200 and the job ends as the client meant`, async () => {
        const account = await freshAccount();
        const responses = await replayScenario(app, requests, account);
        for (const { r, status, body } of responses) {
          assert.equal(status, 200, `${file}#${r.n} ${r.method} ${r.url}: ${JSON.stringify(body)}`);
        }
        const last = responses.at(-1)!;
        const job = (responses.findLast((x) => x.body.job !== undefined)?.body.job ?? {}) as Job;
        if (last.r.url.endsWith('/abort')) {
          const sent = last.r.body as { reason?: string };
          assert.deepEqual(
            [job.status, job.abortReason, job.terminalStatus],
            ['ABORTED', sent.reason, undefined],
          );
        } else if (last.r.url.endsWith('/finalize')) {
          assert.equal(job.status, 'FINISHED');
          assert.deepEqual(
            [job.numEntitiesCreated, job.numRelationshipsCreated, job.numRelationshipCreateErrors],
            [job.numEntitiesUploaded, job.numRelationshipsUploaded, 0],
          );
        } else {
          assert.equal(job.status, 'AWAITING_UPLOADS');
        }
      });
    }

    it('the abort statuses: every terminalStatus in the captures and every SDK status for an unfinished job ends the job ABORTED and is kept', async () => {
      const captured = trafficFiles().flatMap(({ requests }) =>
        requests
          .filter((r) => r.url.endsWith('/abort'))
          .map((r) => (r.body as { terminalStatus?: string } | undefined)?.terminalStatus)
          .filter((s): s is string => s !== undefined),
      );
      const statuses = [...new Set([...captured, ...SDK_ABORT_STATUSES])].sort();
      assert.deepEqual(statuses, [
        'ABORTED',
        'ABORTED_DUE_TO_INVALID_CONFIGURATION',
        'ERROR_BAD_DATA',
      ]);
      for (const terminalStatus of statuses) {
        const account = await freshAccount();
        const scenario = variant(readTraffic('runtime17-manual-abort.jsonl'), { terminalStatus });
        const responses = await replayScenario(app, scenario, account);
        for (const { r, status, body } of responses) {
          assert.equal(status, 200, `${terminalStatus} #${r.n} ${r.url}: ${JSON.stringify(body)}`);
        }
        const job = responses.at(-1)!.body.job!;
        assert.deepEqual(
          [job.status, job.done, job.abortReason, job.terminalStatus, 'error' in job],
          [
            'ABORTED',
            true,
            'driver abort test',
            terminalStatus === 'ABORTED' ? undefined : terminalStatus,
            false,
          ],
          terminalStatus,
        );
        // Nothing of the job reached the graph.
        assert.deepEqual(await scopeContents(account.accountId, 'conformance-scope'), {
          entities: [],
          relationships: [],
        });
      }
    });

    for (const start of [
      { source: 'system-internal', scope: 'internal-scope' },
      {
        source: 'system-internal',
        scope: 'internal-scope',
        integrationInstanceId: '11111111-2222-3333-4444-555555555555',
        integrationJobId: '66666666-7777-4888-9999-000000000000',
      },
    ]) {
      it(`a system-internal start with a scope, as the SDK runtime sends it: ${JSON.stringify(start)}`, async () => {
        const account = await freshAccount();
        const scenario = variant(readTraffic('runtime17-gzip.jsonl'), { start });
        const responses = await replayScenario(app, scenario, account);
        for (const { r, status, body } of responses) {
          assert.equal(status, 200, `#${r.n} ${r.url}: ${JSON.stringify(body)}`);
        }
        const started = responses[0]!.body.job!;
        assert.deepEqual([started.source, started.scope], ['system-internal', 'internal-scope']);
        const job = responses.at(-1)!.body.job!;
        assert.deepEqual(
          [job.status, job.numEntitiesCreated, job.numRelationshipsCreated],
          ['FINISHED', 3, 2],
        );
        // The data lives in the job's scope, and only there.
        const { entities, relationships } = await scopeContents(
          account.accountId,
          'internal-scope',
        );
        assert.deepEqual(
          [entities.map((e) => e._key), relationships.map((r) => r._key)],
          [
            ['app-1', 'host-1', 'host-2'],
            ['host-1|runs|app-1', 'host-2|runs|app-1'],
          ],
        );
        assert.deepEqual(await scopeContents(account.accountId, 'system-internal'), {
          entities: [],
          relationships: [],
        });
      });
    }
  },
);
