import path from 'node:path';
import { cypherRoot, repoRoot } from '../../src/paths';

/**
 * The statements tests, benchmarks and the chaos suite load: the production tree's cypher/ and
 * test/cypher/ (fixtures, peeks at internal state, benchmark floors), which the service never runs.
 */
export const testCypherRoot = path.join(repoRoot, 'test', 'cypher');
export const testCypherRoots: readonly string[] = [cypherRoot, testCypherRoot];
