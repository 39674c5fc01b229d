/**
 * The measured runs: one DIFF job of the bench scope, uploaded through the HTTP API in batches
 * (several in flight), then finalized and polled until it ends.
 */
import { type Client } from './client';
import { entity, type Json, relationship, type Variant } from './graph-data';
import { type Options } from './options';
import { progress, range, rate, secs, sleep } from './util';

export interface RunResult {
  label: string;
  uploadMs: number;
  objects: number;
  finalizeMs: number;
  job: Record<string, unknown>;
}

interface JobBody {
  job: Record<string, unknown> & { id: string; status: string };
}

/** The scope every run writes: the first DIFF's scope, which the scan floor reads. */
export const BENCH_SCOPE = 'bench';

/** The upload bodies of one run, built lazily: entities first, then relationships. */
function uploadBodies(opts: Options, variantOf: (index: number) => Variant): Array<() => Json> {
  const n = opts.entities;
  const bodies: Array<() => Json> = [];
  for (let start = 0; start < n; start += opts.batch) {
    const end = Math.min(n, start + opts.batch);
    bodies.push(() => ({
      entities: range(start, end).map((i) => {
        const e = entity(opts.seed, i, variantOf(i));
        // The SDK's form: the record the entity was built from (here: its own properties).
        return opts.rawData ? { ...e, _rawData: [{ name: 'default', rawData: { ...e } }] } : e;
      }),
    }));
  }
  for (let start = 0; start < 2 * n; start += opts.batch) {
    const end = Math.min(2 * n, start + opts.batch);
    bodies.push(() => ({
      relationships: range(start, end).map((j) => relationship(opts.seed, n, j, variantOf(j))),
    }));
  }
  return bodies;
}

async function upload(
  client: Client,
  opts: Options,
  label: string,
  jobPath: string,
  bodies: Array<() => Json>,
  tick: () => void,
): Promise<number> {
  const uploadStart = performance.now();
  let next = 0;
  let done = 0;
  let lastReport = uploadStart;
  // The service applies entities first at finalize regardless of upload order.
  const inFlight = async (): Promise<void> => {
    while (next < bodies.length) {
      const body = bodies[next++]!();
      await client.call('POST', `${jobPath}/upload`, body, opts.gzip);
      done++;
      tick();
      const now = performance.now();
      if (now - lastReport > 10_000) {
        lastReport = now;
        progress(
          `  ${label}: uploaded ${done}/${bodies.length} batches (${rate(done * opts.batch, now - uploadStart)} objects/s)`,
        );
      }
    }
  };
  await Promise.all(range(0, opts.concurrency).map(() => inFlight()));
  return performance.now() - uploadStart;
}

async function finalize(
  client: Client,
  label: string,
  jobPath: string,
  tick: () => void,
): Promise<{ finalizeMs: number; job: JobBody['job'] }> {
  const finalizeStart = performance.now();
  let current = (await client.call<JobBody>('POST', `${jobPath}/finalize`, {})).job;
  let lastReport = finalizeStart;
  while (!['FINISHED', 'FAILED', 'ERROR', 'ABORTED'].includes(current.status)) {
    await sleep(200);
    tick();
    current = (await client.call<JobBody>('GET', jobPath)).job;
    const now = performance.now();
    if (now - lastReport > 10_000) {
      lastReport = now;
      progress(
        `  ${label}: finalizing for ${secs(now - finalizeStart)} (entities created ${String(current.numEntitiesCreated)}, updated ${String(current.numEntitiesUpdated)}; relationships created ${String(current.numRelationshipsCreated)}, updated ${String(current.numRelationshipsUpdated)})`,
      );
    }
  }
  return { finalizeMs: performance.now() - finalizeStart, job: current };
}

export async function runDiff(
  client: Client,
  opts: Options,
  label: string,
  variantOf: (index: number) => Variant,
  tick: () => void,
  scope = BENCH_SCOPE,
): Promise<RunResult> {
  const n = opts.entities;
  const { job } = await client.call<JobBody>('POST', '/persister/synchronization/jobs', {
    source: 'api',
    scope,
    syncMode: 'DIFF',
  });
  const jobPath = `/persister/synchronization/jobs/${job.id}`;
  const bodies = uploadBodies(opts, variantOf);
  const uploadMs = await upload(client, opts, label, jobPath, bodies, tick);
  progress(
    `  ${label}: upload done, ${3 * n} objects in ${secs(uploadMs)} (${rate(3 * n, uploadMs)} objects/s); finalizing...`,
  );
  const { finalizeMs, job: current } = await finalize(client, label, jobPath, tick);
  progress(`  ${label}: ${current.status} in ${secs(finalizeMs)}`);
  if (current.status !== 'FINISHED') {
    throw new Error(`${label}: job ended ${current.status}: ${JSON.stringify(current)}`);
  }
  return { label, uploadMs, objects: 3 * n, finalizeMs, job: current };
}
