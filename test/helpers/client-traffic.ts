import path from 'node:path';
import { repoRoot } from '../../src/paths';

/**
 * The captured requests of real public clients of the sync API (one scenario per .jsonl file),
 * copied from the product's shared/clients so that a fresh clone tests against them.
 */
export const CLIENT_TRAFFIC_DIR = path.join(repoRoot, 'test', 'fixtures', 'client-traffic');
