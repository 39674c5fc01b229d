/**
 * `npm run bench:telemetry`: what observing costs on the hot path (not a test; no database).
 *
 * Times the wrapper every named Cypher statement runs through (`observeStatement`) around a
 * statement that costs nothing (an already settled promise), against the bare call: with tracing
 * off (the metrics only, as every process runs by default), and with tracing on, exporting to an
 * OTLP/HTTP sink in this process. Best of --rounds rounds of --calls calls each, after a warm-up.
 * A real statement takes a millisecond or more, so the added time per statement is the figure to
 * read; the ratio shows it against a call that does nothing.
 *
 *   npm run bench:telemetry -- [--calls 200000] [--rounds 5]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { observeStatement } from '../src/telemetry/metrics';
import { startTracing } from '../src/telemetry/tracing';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
  },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const NAMES = [
  'sync/get-job',
  'sync/create-entities',
  'sync/update-job',
  'sync/check-finalize-fence',
];
const nothing = (): Promise<number> => Promise.resolve(1);

/** Nanoseconds per call of `call`, best of the rounds. */
async function time(call: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 10_000; i++) await call(i); // warm-up
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) await call(i);
    best = Math.min(best, ((performance.now() - start) * 1e6) / CALLS);
  }
  return best;
}

async function main(): Promise<void> {
  let spans = 0;
  const sink = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as AddressInfo;

  const bare = await time(() => nothing());
  const metrics = await time((i) => observeStatement(NAMES[i % NAMES.length]!, nothing));
  const tracing = startTracing({
    endpoint: `http://127.0.0.1:${port}/v1/traces`,
    serviceName: 'bench-telemetry',
    exportDelayMs: 200,
  });
  const traced = await time((i) => observeStatement(NAMES[i % NAMES.length]!, nothing));
  await tracing.stop();
  sink.close();

  const cells = (c: string[]) =>
    `| ${c[0]!.padEnd(31)} | ${c
      .slice(1)
      .map((x) => x.padStart(10))
      .join(' | ')} |`;
  const row = (what: string, ns: number) =>
    cells([
      what,
      `${ns.toFixed(0)} ns`,
      `${(ns / bare).toFixed(1)}x`,
      `${(ns - bare).toFixed(0)} ns`,
    ]);
  console.log(
    `\ntelemetry overhead per named statement: ${CALLS} calls, best of ${ROUNDS} rounds\n`,
  );
  console.log(cells(['Call', 'per call', 'vs bare', 'added']));
  console.log(`|${'-'.repeat(33)}|${'|'.padStart(13, '-').repeat(3)}`);
  console.log(row('bare (no wrapper)', bare));
  console.log(row('observeStatement, tracing off', metrics));
  console.log(row('observeStatement, tracing on', traced));
  console.log(`\n${spans} spans reached the OTLP sink (the batch processor drops past its queue).`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
