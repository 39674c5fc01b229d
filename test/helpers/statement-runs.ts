import { parseTimings } from '../../scripts/bench-ingest/timings';
import { metricsText } from '../../src/telemetry/metrics';

/**
 * How many times this process ran a named statement, from its own metrics (the statement
 * timings every process exports): a test compares it before and after a job to show that a read
 * was or was not made.
 */
export async function statementRuns(statement: string): Promise<number> {
  return parseTimings((await metricsText()).text).statements.get(statement)?.count ?? 0;
}
