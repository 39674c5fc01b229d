import assert from 'node:assert/strict';
import fs from 'node:fs';
import { appsBuilt, deleteTestAccounts } from './harness';
import { stopSharedS3Mock } from './s3mock';
import { CAPTURED_LOG_FILE, registeredSecretCount, scanCapturedLog } from './log-capture';

/**
 * After each integration test, delete the accounts (and so all data) it created. After the run,
 * scan the log every service and app of the run wrote (log-capture.ts) for the secrets the tests
 * used: any found fails the run, named.
 */
export const mochaHooks = {
  async afterEach(): Promise<void> {
    await deleteTestAccounts();
  },
  async afterAll(): Promise<void> {
    await stopSharedS3Mock();
    const scan = scanCapturedLog();
    // Not vacuous: the file is the logger's, secrets were registered, and the apps' request
    // lines reached it.
    assert.ok(scan.markerFound, `the captured log ${CAPTURED_LOG_FILE} misses its own marker`);
    assert.ok(registeredSecretCount() > 0, 'no secret was registered for the log scan');
    if (appsBuilt() > 0) {
      assert.ok(scan.requestLines > 0, `no request line reached ${CAPTURED_LOG_FILE}`);
    }
    assert.deepEqual(
      scan.leaks,
      [],
      `secrets in the log of this run (${CAPTURED_LOG_FILE}):\n${scan.leaks.join('\n')}`,
    );
    fs.rmSync(CAPTURED_LOG_FILE, { force: true });
  },
};
