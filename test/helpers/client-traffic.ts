/**
 * The captured requests of real public clients of the sync API (one scenario per .jsonl file,
 * test/fixtures/client-traffic; its README.md says where they came from). The path itself is
 * kept with the other fixture paths in ./fixtures.
 */
export { CLIENT_TRAFFIC_DIR } from './fixtures';
