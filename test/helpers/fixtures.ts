import path from 'node:path';
import { repoRoot } from '../../src/paths';

/**
 * Where the tests' data lives: everything is inside the repository (test/fixtures), so a fresh
 * clone tests itself with nothing beside it. Each fixture directory's README.md says where its
 * data came from.
 */
export const FIXTURES_DIR = path.join(repoRoot, 'test', 'fixtures');

/** Captured requests of the public JupiterOne clients, one scenario per .jsonl file. */
export const CLIENT_TRAFFIC_DIR = path.join(FIXTURES_DIR, 'client-traffic');

/** The J1QL corpus: 1,215 real queries, each `{ query, corpora, features }`. */
export const J1QL_CORPUS = path.join(FIXTURES_DIR, 'corpus', 'j1ql-queries.json');

/** The alert-rule corpus: 463 real rules, each `{ form, rule }`. */
export const ALERT_RULE_CORPUS = path.join(FIXTURES_DIR, 'corpus', 'alert-rules.json');
