import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { AccessModeError } from '../../../src/graph/access-mode';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { Graph } from '../../../src/graph/graph';
import { cypherRoot } from '../../../src/paths';
import { freshAccount, neo4jUri, testGraph } from '../../helpers/harness';
import { SCALING_DOC, queryTypes, readPathsBlock, replaceBlock } from '../../helpers/read-paths';

/**
 * Reads run in read transactions (so that a routing driver sends them to followers), writes in
 * write transactions: Graph checks Neo4j's query type of every statement it runs
 * (src/graph/access-mode.ts), so every path of the suite is checked as it runs; these tests show
 * each refusal, and that the read-path list of docs/operations/scaling.md is Neo4j's verdict.
 */
describe('read paths: reads in read transactions (real Neo4j)', () => {
  const nobody = (): Record<string, string> => ({ id: randomUUID() });
  const noJob = (): Record<string, string> => ({ accountId: randomUUID(), jobId: randomUUID() });
  const isAccessError = (message: string) => (err: unknown) =>
    err instanceof AccessModeError && err.message === message;

  it("docs/operations/scaling.md lists every statement of cypher/ with Neo4j's query type", async () => {
    const graph = await testGraph();
    const types = await queryTypes(graph);
    assert.ok(types.size >= 150, `only ${types.size} statements`);
    const text = fs.readFileSync(SCALING_DOC, 'utf8');
    assert.equal(
      replaceBlock(text, readPathsBlock(types)),
      text,
      'the read-path list is stale: run NEO4J_URI=... npx tsx scripts/read-paths.ts --write',
    );
  });

  it('Graph.write refuses a statement that only reads, and names it', async () => {
    const graph = await testGraph();
    await assert.rejects(
      graph.write('accounts/get-account', nobody()),
      isAccessError(
        "Statement 'accounts/get-account' only reads: run it with Graph.read (a read transaction), not in a write transaction of its own",
      ),
    );
  });

  it('a write transaction that runs only reads is refused', async () => {
    const graph = await testGraph();
    await assert.rejects(
      graph.writeTx(async (tx) => {
        await tx.run('accounts/get-account', nobody());
        return tx.run('sync/get-job', noJob());
      }),
      isAccessError(
        "A write transaction ran only read statements ('accounts/get-account', 'sync/get-job'): run them with Graph.read",
      ),
    );
  });

  it('Tx.write (a fenced finalize write) refuses a read-only statement after a write', async () => {
    const graph = await testGraph();
    const job = noJob();
    await assert.rejects(
      graph.writeTx(async (tx) => {
        await tx.run('sync/lock-job', job);
        return tx.write('sync/get-job', job);
      }),
      isAccessError(
        "Statement 'sync/get-job' only reads: run it with Graph.read (a read transaction), not in a write transaction of its own",
      ),
    );
  });

  it('a read-modify-write transaction (reads after the lock, then writes) is allowed', async () => {
    const graph = await testGraph();
    const job = noJob();
    const rows = await graph.writeTx(async (tx) => {
      await tx.run('sync/lock-job', job);
      return tx.run('sync/get-job', job);
    });
    assert.deepEqual(rows, []);
  });

  it('Neo4j refuses a writing statement in a read transaction, as a cluster follower does', async () => {
    const graph = await testGraph();
    await assert.rejects(
      graph.read('sync/lock-job', noJob()),
      (err: unknown) =>
        (err as { code?: unknown }).code === 'Neo.ClientError.Statement.AccessMode' &&
        /^Writing in read access mode not allowed/.test((err as Error).message),
    );
  });

  it('auto-commit (the leader) refuses a read-only statement that is not a leader read', async () => {
    const graph = await testGraph();
    await assert.rejects(
      graph.autoCommit('accounts/get-account', nobody()),
      isAccessError(
        "Statement 'accounts/get-account' only reads: auto-commit runs on the leader; run it with Graph.read",
      ),
    );
    await graph.ping();
  });

  it("every session of a Graph follows the process's last commit (bookmarks, read-your-writes)", async () => {
    const graph = await testGraph();
    const bookmarks = async (): Promise<string[]> => [...(await graph.bookmarks.getBookmarks())];
    const before = await bookmarks();
    await freshAccount(); // a write through the same Graph
    const after = await bookmarks();
    assert.ok(after.length >= 1, 'no bookmark after a commit');
    assert.notDeepEqual(after, before);
    // A read session starts from them: Neo4j waits until it has that commit (at once, here).
    assert.deepEqual(await graph.read('accounts/get-account', nobody()), []);
  });

  it('a routing driver (neo4j://) runs reads and writes through the same checks', async () => {
    const routed = Graph.connect(
      {
        uri: neo4jUri().replace(/^bolt:/, 'neo4j:'),
        user: process.env.NEO4J_USER || undefined,
        password: process.env.NEO4J_PASSWORD || undefined,
        database: process.env.NEO4J_DATABASE || 'neo4j',
      },
      CypherRegistry.load(cypherRoot),
    );
    try {
      assert.deepEqual(await routed.read('accounts/get-account', nobody()), []);
      assert.deepEqual(await routed.write('sync/lock-job', noJob()), []);
      await assert.rejects(routed.write('accounts/get-account', nobody()), AccessModeError);
    } finally {
      await routed.close();
    }
  });

  it('GRAPH_ACCESS_CHECK=warn (the service default): a breach is logged once per statement and the work goes on', async () => {
    const lines: string[] = [];
    const lenient = Graph.connect(
      {
        uri: neo4jUri(),
        user: process.env.NEO4J_USER || undefined,
        password: process.env.NEO4J_PASSWORD || undefined,
        database: process.env.NEO4J_DATABASE || 'neo4j',
      },
      CypherRegistry.load(cypherRoot),
      { mode: 'warn', warn: (line) => lines.push(line) },
    );
    try {
      const { accountId: id } = await freshAccount();
      const rows = await lenient.write<{ account: { id: string } }>('accounts/get-account', { id });
      assert.equal(rows.length, 1);
      await lenient.write('accounts/get-account', { id });
      await lenient.writeTx((tx) => tx.run('sync/get-job', noJob()));
      assert.deepEqual(lines, [
        "Statement 'accounts/get-account' only reads: run it with Graph.read (a read transaction), not in a write transaction of its own (GRAPH_ACCESS_CHECK=warn: logged once, the work went on)",
        "A write transaction ran only read statements ('sync/get-job'): run them with Graph.read (GRAPH_ACCESS_CHECK=warn: logged once, the work went on)",
      ]);
    } finally {
      await lenient.close();
    }
  });
});
