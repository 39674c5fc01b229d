import { diffAttempts, EMPTY_GRAPH, firstGraph } from '../graph-data';
import type { OwnNeo4j } from '../neo4j-target';
import type { Trial } from '../trial';

/**
 * SIGKILL Neo4j (the JVM of the run's own instance) at a random point of a DIFF re-sync and start
 * it again on the same home directory and port. The job must end FINISHED, exact, or ERROR (or
 * FAILED) with a message and the scope as it was (counted apart).
 */
export async function neo4jKillFault(t: Trial, neo4j: OwnNeo4j): Promise<void> {
  const o = t.ctx.options;
  const g1 = firstGraph(o.entities, o.relationships);
  if (!(await t.applyClean('n', EMPTY_GRAPH, g1, 'first'))) return;
  await t.faulted({
    kind: 'diff',
    locate: false,
    attempt: diffAttempts('n', g1, t.ctx.rnd),
    fault: async (strike) => {
      await neo4j.killJvm();
      const killedAt = Date.now();
      await neo4j.restart();
      t.note(
        `Neo4j killed ${killedAt - strike.runningAt} ms into the run, back ${Date.now() - killedAt} ms later`,
      );
    },
  });
}
