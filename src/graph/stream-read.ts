import type { ManagedTransaction } from 'neo4j-driver';
import { observeStatement } from '../telemetry/metrics';
import { AccessCheck, type AccessBreach } from './access-mode';
/** Statement parameters (as graph.ts's Params). */
type Params = Record<string, unknown>;
import { toPlain } from './to-plain';

/**
 * Gives each row of a read statement to a visitor as the driver receives it (in batches of its
 * fetch size, pulled as they are consumed), so a statement over a whole scope never holds its
 * result in memory. The work of one attempt of a managed read transaction: when the driver runs
 * it again (a transient error), `start` is called again and the visitor it returns sees every
 * row from the first one, so what it gathers must begin anew there.
 */
export function streamRows<T>(
  name: string,
  text: string,
  params: Params,
  start: () => (row: T) => void,
  breach: AccessBreach,
): (tx: ManagedTransaction) => Promise<void> {
  return async (tx) => {
    const visit = start();
    const check = new AccessCheck('READ', breach);
    const summary = await observeStatement(name, async () => {
      const result = tx.run(text, params);
      for await (const record of result) visit(toPlain(record.toObject()) as T);
      return result.summary();
    });
    check.ran(name, summary.queryType, false);
    check.done();
  };
}
