import { dataDirSecret } from '../../common/data-dir-secret';

/**
 * Who takes up a FINALIZE_PENDING job that its process left behind: the deployment that accepted
 * it, never another one sharing the same Neo4j (decision 0048). A job records its owner when its
 * finalize is accepted; the local-mode resume and the queue reconciler look only at their own jobs
 * (and at jobs accepted before owners were recorded).
 */
export const DEPLOYMENT_ID_FILE = 'deployment-id';

/**
 * A local-mode deployment is its DATA_DIR (which holds its staged uploads): a random id made once
 * and kept in `DATA_DIR/deployment-id`, so that a restarted API takes up its own jobs.
 */
export function localFinalizeOwner(dataDir: string): string {
  const id = dataDirSecret({
    dataDir,
    file: DEPLOYMENT_ID_FILE,
    bytes: 12,
    encode: (random) => random.toString('hex'),
  });
  return `local:${id}`;
}

/** A queue-mode deployment is its queue: every API and worker with the same QUEUE_PREFIX. */
export function queueFinalizeOwner(prefix: string): string {
  return `queue:${prefix}`;
}
