/**
 * Generates REST clients from openapi.yaml with openapi-generator (see docs/guide/clients.md):
 *
 *   npx tsx scripts/clients/generate.ts [typescript-fetch|python|java ...] [--out DIR]
 *       [--compile] [--spec FILE] [--cache DIR]
 *
 * With no generator named, all three. Each is generated once per spec (cached, see clients.ts);
 * `--out DIR` copies each into DIR/<generator> (replacing what was there), `--compile` also runs
 * its compile check (tsc --strict, py_compile and import, mvn compile). `--spec` generates from
 * another file (e.g. a draft of the spec); `--cache` (or GRAPHSYNC_CLIENTS_CACHE) moves the cache
 * from node_modules/.cache/graphsync-clients. Exits 1 naming the step that failed and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ClientStepError,
  compileClient,
  defaultCacheDir,
  GENERATORS,
  generateClient,
  generatorVersion,
  isGeneratorName,
  type GeneratorName,
} from './clients';

// A tool, not the service: it reads its one setting itself.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;

const USAGE =
  'usage: npx tsx scripts/clients/generate.ts [typescript-fetch|python|java ...] [--out DIR] [--compile] [--spec FILE] [--cache DIR]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      compile: { type: 'boolean', default: false },
      spec: { type: 'string' },
      cache: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const unknown = positionals.filter((p) => !isGeneratorName(p));
  if (unknown.length > 0) {
    console.error(
      `Unknown generator ${unknown.join(', ')}: one of ${GENERATORS.join(', ')}\n${USAGE}`,
    );
    return 2;
  }
  const generators: GeneratorName[] =
    positionals.length > 0 ? positionals.filter(isGeneratorName) : [...GENERATORS];
  const opts = {
    cacheDir: values.cache ?? (ENV.GRAPHSYNC_CLIENTS_CACHE || defaultCacheDir),
    spec: values.spec,
    log: (line: string) => console.error(line),
  };
  console.error(`openapi-generator ${generatorVersion()}, cache ${opts.cacheDir}`);
  let failed = 0;
  for (const generator of generators) {
    const started = Date.now();
    try {
      const generated = await generateClient(generator, opts);
      let from = generated.dir;
      let what = generated.cached ? 'cached' : 'generated';
      if (values.compile) {
        const compiled = await compileClient(generated, opts);
        what += compiled.compileCached ? ', compiled (cached)' : ', compiled';
        from = compiled.dir;
      }
      let where = from;
      if (values.out !== undefined) {
        where = path.resolve(values.out, generator);
        fs.rmSync(where, { recursive: true, force: true });
        fs.cpSync(from, where, { recursive: true });
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${generator}: ${where} (${what}, ${seconds} s)`);
    } catch (err) {
      failed += 1;
      if (!(err instanceof ClientStepError)) throw err;
      console.error(`${generator}: ${err.message}`);
    }
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
