import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { typeLabel } from '../../src/graph/type-labels';
import { envWithout } from '../helpers/processes';
import { freshAccount, startTestApi, testGraph, type TestAccount } from '../helpers/harness';

/**
 * The issue's "Done when": the public j1-integration CLI 8 (`@jupiterone/integration-sdk-cli`, a
 * devDependency) syncs a collected project against the running service, exactly as a user runs it:
 *
 *   JUPITERONE_API_KEY=... JUPITERONE_ACCOUNT=... \
 *     j1-integration sync --source api --scope S --api-base-url http://127.0.0.1:PORT
 *
 * The CLI reads `<cwd>/.j1-integration/graph/**` (every file: `{ "entities": [...] }` or
 * `{ "relationships": [...] }`, walked in directory order, so here the relationships are uploaded
 * before the entities they reference) and `<cwd>/.j1-integration/summary.json` (its
 * `metadata.partialDatasets` is the finalize body). It sends: POST /persister/synchronization/jobs,
 * one POST .../relationships or .../entities per file and batch of 250, POST .../finalize, and
 * exits 0. It never polls after finalize; it prints the finalize response's status.
 */

const FIXTURE = path.join(repoRoot, 'test', 'fixtures', 'j1-cli-project');
const CLI_BIN = path.join(repoRoot, 'node_modules', '.bin', 'j1-integration');

interface FixtureEntity {
  _key: string;
  _type: string;
  _class: string | string[];
  _rawData?: unknown;
  [property: string]: unknown;
}

interface FixtureRelationship {
  _key: string;
  _type: string;
  _class: string;
  _fromEntityKey: string;
  _toEntityKey: string;
  [property: string]: unknown;
}

/** Everything in the fixture's collected graph, read the way the CLI reads it. */
function readFixtureGraph(): { entities: FixtureEntity[]; relationships: FixtureRelationship[] } {
  const entities: FixtureEntity[] = [];
  const relationships: FixtureRelationship[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const data = JSON.parse(fs.readFileSync(full, 'utf8')) as {
          entities?: FixtureEntity[];
          relationships?: FixtureRelationship[];
        };
        entities.push(...(data.entities ?? []));
        relationships.push(...(data.relationships ?? []));
      }
    }
  };
  walk(path.join(FIXTURE, '.j1-integration', 'graph'));
  return { entities, relationships };
}

const classes = (c: unknown): string[] => (Array.isArray(c) ? (c as string[]) : [c as string]);

/** The properties a fixture object carries beyond the `_` system ones. */
const customProps = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));

interface CliRun {
  code: number | null;
  /** stdout with the CLI's colour codes removed. */
  stdout: string;
  stderr: string;
}

/** Runs the real j1-integration binary in a fresh copy of the fixture project. */
async function runJ1Sync(input: {
  url: string;
  account: TestAccount;
  scope: string;
  projectDir: string;
}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = {
    // Nothing of the caller's may redirect the CLI: JUPITERONE_DEV conflicts with --api-base-url,
    // compression makes it brotli-decode the fixture, a proxy (axios honours http_proxy) would
    // carry 127.0.0.1 traffic elsewhere.
    ...envWithout(
      'JUPITERONE_DEV',
      'JUPITERONE_API_KEY',
      'JUPITERONE_ACCOUNT',
      'JUPITERONE_INTEGRATION_STORAGE_DIRECTORY',
      'INTEGRATION_FILE_COMPRESSION_ENABLED',
      'HTTP_PROXY',
      'HTTPS_PROXY',
      'http_proxy',
      'https_proxy',
    ),
    JUPITERONE_API_KEY: input.account.key,
    JUPITERONE_ACCOUNT: input.account.accountId,
    // @lifeomic/alpha loads aws-sdk v2, which prints an end-of-support notice on stderr.
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  };
  const args = ['sync', '--source', 'api', '--scope', input.scope, '--api-base-url', input.url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fs.realpathSync(CLI_BIN), ...args], {
      cwd: input.projectDir,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      // eslint-disable-next-line no-control-regex
      resolve({ code, stdout: stdout.replace(/\x1b\[[0-9;]*m/g, ''), stderr }),
    );
  });
}

const describeRun = (run: CliRun): string =>
  `exit ${String(run.code)}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;

/** The job id the CLI logs on every line after the job started. */
function jobIdOf(run: CliRun): string {
  const m = /synchronizationJobId=([0-9a-f-]{36})/.exec(run.stdout);
  assert.ok(m, `no synchronizationJobId in the CLI's output:\n${describeRun(run)}`);
  return m[1]!;
}

interface JobResponse {
  id: string;
  status: string;
  done: boolean;
  scope?: string;
  source: string;
  syncMode: string;
  [counter: string]: unknown;
}

/** GET the job until it is done (local mode answers finalize with FINISHED already). */
async function finishedJob(url: string, account: TestAccount, jobId: string): Promise<JobResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${url}/persister/synchronization/jobs/${jobId}`, {
      headers: account.headers,
    });
    assert.equal(res.status, 200, await res.clone().text());
    const { job } = (await res.json()) as { job: JobResponse };
    if (job.done || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface GraphEntity {
  _key: string;
  _type: string;
  _class: string | string[];
  _scope: string;
  _accountId: string;
  _source?: string;
  _deleted?: boolean;
  labels: string[];
  [property: string]: unknown;
}

interface GraphRelationship {
  _key: string;
  _type: string;
  _class?: string;
  _deleted?: boolean;
  type: string;
  fromKey: string;
  toKey: string;
  [property: string]: unknown;
}

async function scopeContents(
  accountId: string,
  scope: string,
): Promise<{ entities: GraphEntity[]; relationships: GraphRelationship[] }> {
  const graph = await testGraph();
  const rows = await graph.read<{ entities: GraphEntity[]; relationships: GraphRelationship[] }>(
    'sync/test-scope-contents',
    { accountId, scope },
  );
  assert.equal(rows.length, 1);
  return {
    entities: rows[0]!.entities.filter((e) => e._deleted !== true),
    relationships: rows[0]!.relationships.filter((r) => r._deleted !== true),
  };
}

describe('j1-integration CLI 8 sync (real CLI process, real service, real Neo4j)', function () {
  // The CLI takes about 1-2 s to start; each test runs it once or twice.
  this.timeout(120_000);

  const fixture = readFixtureGraph();
  let api: { url: string; close(): Promise<void> } | undefined;
  let projectDir: string;

  before(async () => {
    api = await startTestApi();
  });
  after(async () => {
    await api?.close();
  });
  beforeEach(() => {
    projectDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-j1-project-'));
    fs.cpSync(FIXTURE, projectDir, { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it('fixture sanity: 5 entities (2 with a _class array, 1 with _rawData) and 3 relationships', () => {
    assert.equal(fixture.entities.length, 5);
    assert.equal(fixture.relationships.length, 3);
    assert.equal(fixture.entities.filter((e) => Array.isArray(e._class)).length, 2);
    assert.equal(fixture.entities.filter((e) => e._rawData !== undefined).length, 1);
  });

  it('syncs the collected graph: exit 0, job FINISHED with exact counters, every object in Neo4j', async () => {
    const account = await freshAccount();
    const scope = `j1-cli-${randomUUID()}`;

    const run = await runJ1Sync({ url: api!.url, account, scope, projectDir });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /Synchronization job status: (FINISHED|FINALIZE_PENDING)/);
    assert.match(run.stdout, new RegExp(`Entities uploaded: ${fixture.entities.length}\\b`));
    assert.match(
      run.stdout,
      new RegExp(`Relationships uploaded: ${fixture.relationships.length}\\b`),
    );

    const job = await finishedJob(api!.url, account, jobIdOf(run));
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.equal(job.done, true);
    assert.equal(job.source, 'api');
    assert.equal(job.scope, scope);
    assert.equal(job.syncMode, 'DIFF');
    assert.deepEqual(
      {
        numEntitiesUploaded: job.numEntitiesUploaded,
        numEntitiesCreated: job.numEntitiesCreated,
        numEntitiesUpdated: job.numEntitiesUpdated,
        numEntitiesDeleted: job.numEntitiesDeleted,
        numRelationshipsUploaded: job.numRelationshipsUploaded,
        numRelationshipsCreated: job.numRelationshipsCreated,
        numRelationshipsUpdated: job.numRelationshipsUpdated,
        numRelationshipsDeleted: job.numRelationshipsDeleted,
        numRelationshipCreateErrors: job.numRelationshipCreateErrors,
      },
      {
        numEntitiesUploaded: fixture.entities.length,
        numEntitiesCreated: fixture.entities.length,
        numEntitiesUpdated: 0,
        numEntitiesDeleted: 0,
        numRelationshipsUploaded: fixture.relationships.length,
        numRelationshipsCreated: fixture.relationships.length,
        numRelationshipsUpdated: 0,
        numRelationshipsDeleted: 0,
        numRelationshipCreateErrors: 0,
      },
    );

    const contents = await scopeContents(account.accountId, scope);
    assert.equal(contents.entities.length, fixture.entities.length);
    for (const expected of fixture.entities) {
      const got = contents.entities.find((e) => e._key === expected._key);
      assert.ok(got, `entity ${expected._key} is not in the graph`);
      assert.equal(got._type, expected._type);
      assert.equal(got._accountId, account.accountId);
      assert.equal(got._scope, scope);
      assert.deepEqual(classes(got._class), classes(expected._class));
      assert.deepEqual(
        [...got.labels].sort(),
        [
          ...new Set([
            'Entity',
            ...classes(expected._class),
            typeLabel(expected._type) ?? 'Entity',
          ]),
        ].sort(),
        `labels of ${expected._key}`,
      );
      for (const [name, value] of Object.entries(customProps(expected))) {
        assert.deepEqual(got[name], value, `${expected._key}.${name}`);
      }
    }

    assert.equal(contents.relationships.length, fixture.relationships.length);
    for (const expected of fixture.relationships) {
      const got = contents.relationships.find((r) => r._key === expected._key);
      assert.ok(got, `relationship ${expected._key} is not in the graph`);
      assert.equal(got._type, expected._type);
      assert.equal(got.type, expected._class, `Neo4j type of ${expected._key}`);
      assert.equal(got.fromKey, expected._fromEntityKey);
      assert.equal(got.toKey, expected._toEntityKey);
      for (const [name, value] of Object.entries(customProps(expected))) {
        assert.deepEqual(got[name], value, `${expected._key}.${name}`);
      }
    }
  });

  it('a second sync of the unchanged project creates, updates and deletes nothing', async () => {
    const account = await freshAccount();
    const scope = `j1-cli-${randomUUID()}`;

    const first = await runJ1Sync({ url: api!.url, account, scope, projectDir });
    assert.equal(first.code, 0, describeRun(first));
    const firstJob = await finishedJob(api!.url, account, jobIdOf(first));
    assert.equal(firstJob.status, 'FINISHED', JSON.stringify(firstJob));
    const afterFirst = await scopeContents(account.accountId, scope);

    const second = await runJ1Sync({ url: api!.url, account, scope, projectDir });
    assert.equal(second.code, 0, describeRun(second));
    const secondId = jobIdOf(second);
    assert.notEqual(secondId, firstJob.id);
    const job = await finishedJob(api!.url, account, secondId);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.deepEqual(
      {
        numEntitiesUploaded: job.numEntitiesUploaded,
        numEntitiesCreated: job.numEntitiesCreated,
        numEntitiesUpdated: job.numEntitiesUpdated,
        numEntitiesDeleted: job.numEntitiesDeleted,
        numRelationshipsUploaded: job.numRelationshipsUploaded,
        numRelationshipsCreated: job.numRelationshipsCreated,
        numRelationshipsUpdated: job.numRelationshipsUpdated,
        numRelationshipsDeleted: job.numRelationshipsDeleted,
      },
      {
        numEntitiesUploaded: fixture.entities.length,
        numEntitiesCreated: 0,
        numEntitiesUpdated: 0,
        numEntitiesDeleted: 0,
        numRelationshipsUploaded: fixture.relationships.length,
        numRelationshipsCreated: 0,
        numRelationshipsUpdated: 0,
        numRelationshipsDeleted: 0,
      },
    );

    // Same objects, untouched: identical _id values, none deleted.
    const afterSecond = await scopeContents(account.accountId, scope);
    const ids = (c: { entities: GraphEntity[] }): string[] =>
      c.entities.map((e) => `${e._key}=${String(e._id)}`).sort();
    assert.deepEqual(ids(afterSecond), ids(afterFirst));
    assert.equal(afterSecond.relationships.length, fixture.relationships.length);
  });
});
