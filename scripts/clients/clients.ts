/**
 * REST clients generated from openapi.yaml with the standard openapi-generator (7.x), for people
 * who want a client in their language and for the test that drives those clients against the real
 * service (test/e2e/generated-clients). The CLI is scripts/clients/generate.ts; the guide is
 * docs/guide/clients.md.
 *
 * - The generator is the `org.openapitools:openapi-generator-cli` jar from Maven Central, resolved
 *   like the local Neo4j launcher's jars: `mvn dependency:build-classpath` over
 *   clients/generator/pom.xml (which pins its version). Maven keeps the jar in ~/.m2; the path is
 *   remembered in the cache, so later runs do not start Maven at all.
 * - Each generator's options are an openapi-generator config file, clients/<generator>.yaml.
 * - Generated code is cached under `<cacheDir>/<generator>/<key>/client`, where the key hashes the
 *   spec, the config file, the generator's pom and HARNESS_VERSION: an unchanged spec is generated
 *   (and compiled) once. The compile check leaves a stamp beside it, so it too runs once per key.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openapiPath, repoRoot } from '../../src/paths';

export const GENERATORS = ['typescript-fetch', 'python', 'java'] as const;
export type GeneratorName = (typeof GENERATORS)[number];

export function isGeneratorName(name: string): name is GeneratorName {
  return (GENERATORS as readonly string[]).includes(name);
}

export const clientsDir = path.join(repoRoot, 'clients');
export const generatorPom = path.join(clientsDir, 'generator', 'pom.xml');
export const defaultCacheDir = path.join(repoRoot, 'node_modules', '.cache', 'graphsync-clients');

/** The config file (openapi-generator `-c`) of a generator. */
export function configFile(generator: GeneratorName): string {
  return path.join(clientsDir, `${generator}.yaml`);
}

/** Bump when generation or compilation changes in a way the hashed files do not show. */
const HARNESS_VERSION = '1';
/** Cache entries kept per generator (the newest used); older ones are removed. */
const KEEP_PER_GENERATOR = 3;

/** The python package name and the typescript-fetch npm name the config files give. */
export const PYTHON_PACKAGE = 'graphsync_client';
export const TYPESCRIPT_PACKAGE = '@graphsync/client';

export interface ClientsOptions {
  /** Where generated clients are cached (default node_modules/.cache/graphsync-clients). */
  cacheDir?: string;
  /** The spec to generate from (default the repository's openapi.yaml). */
  spec?: string;
  /** Progress lines for people. */
  log?: (line: string) => void;
}

export interface GeneratedClient {
  generator: GeneratorName;
  /** The cache key (hash of the spec, the config file and the generator's version). */
  key: string;
  /** The cache entry: `client/` (the generated code) and the logs of its steps. */
  entryDir: string;
  /** The generated code (what openapi-generator wrote with `-o`). */
  dir: string;
  /** True when it came from the cache. */
  cached: boolean;
}

export interface CompiledClient extends GeneratedClient {
  /** java: the classpath of the compiled client (its classes and its dependencies). */
  classpath?: string;
  /** True when the compile check had already passed for this key. */
  compileCached: boolean;
}

/**
 * A failed step: `message` says which and where its log is, `lines` what went wrong (see
 * summarize), `output` is the tool's whole output. `cached` when an earlier run failed the same
 * way on the same inputs (failures the compiler or generator explained are remembered).
 */
export class ClientStepError extends Error {
  readonly lines: string[];
  readonly recognized: boolean;
  cached = false;

  constructor(
    readonly step: string,
    readonly summaryLine: string,
    readonly output: string,
    base?: string,
    known?: string[],
  ) {
    const { lines, recognized } =
      known === undefined ? summarize(output, base) : { lines: known, recognized: true };
    super([summaryLine, ...lines.map((l) => `  ${l}`)].join('\n'));
    this.name = 'ClientStepError';
    this.lines = lines;
    this.recognized = recognized;
  }

  /** Remembers an explained failure in `file`, so the same inputs fail at once next time. */
  remember(file: string): void {
    if (!this.recognized) return;
    const { step, summaryLine, lines } = this;
    fs.writeFileSync(file, JSON.stringify({ step, summaryLine, lines }, null, 2));
  }

  /** The failure remembered in `file`, if any. */
  static recalled(file: string): ClientStepError | undefined {
    if (!fs.existsSync(file)) return undefined;
    const { step, summaryLine, lines } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      step: string;
      summaryLine: string;
      lines: string[];
    };
    const err = new ClientStepError(step, `${summaryLine} (remembered)`, '', undefined, lines);
    err.cached = true;
    return err;
  }
}

function sha256(...parts: (string | Buffer)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

/** The cache key of a generator's code for a spec. */
export function clientKey(generator: GeneratorName, spec: string = openapiPath): string {
  return sha256(
    HARNESS_VERSION,
    generator,
    fs.readFileSync(spec),
    fs.readFileSync(configFile(generator)),
    fs.readFileSync(generatorPom),
  ).slice(0, 16);
}

interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Appends the command and its output here. */
  logFile: string;
}

/** Runs a command; resolves with its output, rejects with ClientStepError (exit code, output). */
export function run(
  step: string,
  command: string,
  args: string[],
  opts: RunOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', (err) =>
      reject(new ClientStepError(step, `${step}: could not run '${command}': ${err.message}`, '')),
    );
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString('utf8');
      fs.appendFileSync(
        opts.logFile,
        `\n--- ${new Date().toISOString()} ${command} ${args.join(' ')}\n${output}`,
      );
      if (code === 0) resolve(output);
      else
        reject(
          new ClientStepError(
            step,
            `${step} failed (${command} exited ${String(code ?? signal)}; log: ${opts.logFile})`,
            output,
            opts.cwd,
          ),
        );
    });
  });
}

/**
 * The openapi-generator-cli jar: resolved with Maven from clients/generator/pom.xml on first use
 * (Maven Central, ~32 MB into ~/.m2), then read from the cache.
 */
export function generatorJar(opts: ClientsOptions = {}): Promise<string> {
  // One resolution per cache directory in this process, however many clients ask at once.
  const cacheDir = opts.cacheDir ?? defaultCacheDir;
  let jar = resolving.get(cacheDir);
  if (jar === undefined) {
    jar = resolveGeneratorJar(cacheDir, opts.log);
    resolving.set(cacheDir, jar);
    jar.catch(() => resolving.delete(cacheDir));
  }
  return jar;
}

const resolving = new Map<string, Promise<string>>();

async function resolveGeneratorJar(cacheDir: string, log: ClientsOptions['log']): Promise<string> {
  const dir = path.join(cacheDir, 'generator');
  fs.mkdirSync(dir, { recursive: true });
  const classpathFile = path.join(dir, `${sha256(fs.readFileSync(generatorPom)).slice(0, 16)}.txt`);
  if (fs.existsSync(classpathFile)) {
    const jar = fs.readFileSync(classpathFile, 'utf8').trim();
    if (jar !== '' && fs.existsSync(jar)) return jar;
  }
  log?.('Resolving openapi-generator-cli with Maven (the first run downloads it)...');
  const tmp = `${classpathFile}.${process.pid}.tmp`;
  await run(
    'resolve openapi-generator-cli',
    'mvn',
    ['-B', '-f', generatorPom, 'dependency:build-classpath', `-Dmdep.outputFile=${tmp}`],
    { logFile: path.join(dir, 'maven.log') },
  );
  const jar = fs.readFileSync(tmp, 'utf8').trim();
  if (jar === '' || jar.includes(path.delimiter) || !fs.existsSync(jar))
    throw new ClientStepError(
      'resolve openapi-generator-cli',
      `Maven resolved an unexpected classpath for openapi-generator-cli: '${jar}'`,
      '',
    );
  fs.renameSync(tmp, classpathFile);
  return jar;
}

/** The openapi-generator version that clients/generator/pom.xml pins. */
export function generatorVersion(): string {
  const m = /<openapi-generator\.version>([^<]+)</.exec(fs.readFileSync(generatorPom, 'utf8'));
  return m?.[1] ?? 'unknown';
}

/**
 * Generates one client from the spec into the cache (or takes it from there). Generation writes to
 * a temporary directory that is renamed into place, so a failed or concurrent run never leaves a
 * half-written entry. A generation that failed with the generator's own exception fails at once
 * for the same inputs (its log stays in `<key>.failed/`).
 */
export async function generateClient(
  generator: GeneratorName,
  opts: ClientsOptions = {},
): Promise<GeneratedClient> {
  const cacheDir = opts.cacheDir ?? defaultCacheDir;
  const spec = path.resolve(opts.spec ?? openapiPath);
  const key = clientKey(generator, spec);
  const entryDir = path.join(cacheDir, generator, key);
  const failedDir = `${entryDir}.failed`;
  const stamp = path.join(entryDir, '.generated');
  const result = { generator, key, entryDir, dir: path.join(entryDir, 'client') };
  if (fs.existsSync(stamp)) {
    const now = new Date();
    fs.utimesSync(stamp, now, now);
    return { ...result, cached: true };
  }
  const remembered = ClientStepError.recalled(path.join(failedDir, 'failure.json'));
  if (remembered !== undefined) throw remembered;
  const jar = await generatorJar(opts);
  opts.log?.(`Generating the ${generator} client (openapi-generator ${generatorVersion()})...`);
  const tmp = `${entryDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.mkdirSync(failedDir, { recursive: true });
  try {
    await run(
      `generate ${generator}`,
      'java',
      ['-jar', jar, 'generate', '-i', spec, '-c', configFile(generator), '-o', 'client'],
      { cwd: tmp, logFile: path.join(failedDir, 'generate.log') },
    );
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (err instanceof ClientStepError) err.remember(path.join(failedDir, 'failure.json'));
    throw err;
  }
  fs.renameSync(path.join(failedDir, 'generate.log'), path.join(tmp, 'generate.log'));
  fs.rmSync(failedDir, { recursive: true, force: true });
  fs.writeFileSync(path.join(tmp, '.generated'), `${new Date().toISOString()}\n`);
  fs.rmSync(entryDir, { recursive: true, force: true });
  fs.renameSync(tmp, entryDir);
  pruneCache(path.join(cacheDir, generator), key);
  return { ...result, cached: false };
}

/**
 * Keeps the newest KEEP_PER_GENERATOR entries of a generator's cache (by last use), and the failure
 * record of no other spec than `key`'s.
 */
function pruneCache(generatorDir: string, key: string): void {
  const dirs = fs.readdirSync(generatorDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const e of dirs)
    if (e.name.endsWith('.failed') && e.name !== `${key}.failed`)
      fs.rmSync(path.join(generatorDir, e.name), { recursive: true, force: true });
  const entries = dirs
    .filter((e) => fs.existsSync(path.join(generatorDir, e.name, '.generated')))
    .map((e) => ({
      dir: path.join(generatorDir, e.name),
      used: fs.statSync(path.join(generatorDir, e.name, '.generated')).mtimeMs,
    }))
    .sort((a, b) => b.used - a.used);
  for (const old of entries.slice(KEEP_PER_GENERATOR))
    fs.rmSync(old.dir, { recursive: true, force: true });
}

/** The arguments to node that run the repository's TypeScript compiler. */
export const tscArgs = [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc')];

/** Every file under dir (relative paths) that ends with ext. */
function filesUnder(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(ext)) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The compile check of a generated client, as its users would build it:
 * - typescript-fetch: the package's own tsconfig.json with `--strict`, emitting dist/ (the
 *   package's `main` and `types`), with the repository's TypeScript;
 * - python: `python3 -m py_compile` over every module of the package, then `import` of it (pydantic
 *   builds every model class at import);
 * - java: `mvn -q compile` over the generated pom (dependencies from Maven Central), which also
 *   writes the classpath the programs run with.
 * Passing leaves a stamp, so a cached client is checked once.
 */
export async function compileClient(
  client: GeneratedClient,
  opts: ClientsOptions = {},
): Promise<CompiledClient> {
  const stamp = path.join(client.entryDir, '.compiled');
  const failure = path.join(client.entryDir, 'compile-failure.json');
  const classpathFile = path.join(client.entryDir, 'classpath.txt');
  const classpath = (): string | undefined =>
    client.generator === 'java'
      ? [path.join(client.dir, 'target', 'classes'), fs.readFileSync(classpathFile, 'utf8').trim()]
          .filter((p) => p !== '')
          .join(path.delimiter)
      : undefined;
  if (fs.existsSync(stamp)) return { ...client, classpath: classpath(), compileCached: true };
  const remembered = ClientStepError.recalled(failure);
  if (remembered !== undefined) throw remembered;
  const logFile = path.join(client.entryDir, 'compile.log');
  const step = `compile ${client.generator}`;
  const cwd = client.dir;
  try {
    switch (client.generator) {
      case 'typescript-fetch':
        opts.log?.('Compiling the typescript-fetch client (tsc --strict)...');
        await run(step, process.execPath, [...tscArgs, '-p', 'tsconfig.json', '--strict'], {
          cwd,
          logFile,
        });
        break;
      case 'python': {
        opts.log?.('Compiling the python client (py_compile, import)...');
        const modules = filesUnder(path.join(cwd, PYTHON_PACKAGE), '.py');
        await run(step, 'python3', ['-m', 'py_compile', ...modules], { cwd, logFile });
        await run(step, 'python3', ['-c', `import ${PYTHON_PACKAGE}`], { cwd, logFile });
        break;
      }
      case 'java':
        opts.log?.('Compiling the java client (mvn compile; the first run downloads its jars)...');
        await run(
          step,
          'mvn',
          [
            '-B',
            '-q',
            'compile',
            'dependency:build-classpath',
            '-Dmdep.includeScope=runtime',
            `-Dmdep.outputFile=${classpathFile}`,
          ],
          { cwd, logFile },
        );
        break;
    }
  } catch (err) {
    // tsc's and javac's verdicts depend on the generated code alone; python's import also on the
    // packages installed, which may change, so it is tried again on the next run.
    if (err instanceof ClientStepError && client.generator !== 'python') err.remember(failure);
    throw err;
  }
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return { ...client, classpath: classpath(), compileCached: false };
}

/**
 * What a failed step's output says went wrong, in a few lines: tsc's errors; javac's, one line per
 * file (its count and first error); python's exception; the generator's exception and its cause.
 * `recognized` is false when none of those was found (e.g. Maven could not download a jar): such
 * a failure may pass on a later run, so it is not cached. Paths under `base` are made relative.
 */
export function summarize(output: string, base?: string): { lines: string[]; recognized: boolean } {
  const strip = (l: string): string =>
    base === undefined ? l : l.split(`${base}${path.sep}`).join('');
  const lines = output.split('\n').map((l) => strip(l.trimEnd()));
  const tsc = lines.filter((l) => /error TS\d+/.test(l));
  if (tsc.length > 0) return { lines: tsc, recognized: true };
  const javac = new Map<string, string[]>();
  for (const l of lines) {
    const m = /^\[ERROR\] (.*\.java):(\[\d+,\d+\]) (.*)$/.exec(l);
    if (m === null) continue;
    const file = m[1]!.replace(/^.*\/src\/main\/java\//, '');
    const list = javac.get(file) ?? [];
    list.push(`${m[2]!} ${m[3]!}`);
    javac.set(file, list);
  }
  if (javac.size > 0)
    return {
      lines: [...javac].map(
        ([file, errors]) =>
          `${file}: ${errors.length} error${errors.length === 1 ? '' : 's'}, first ${errors[0]!}`,
      ),
      recognized: true,
    };
  const thrown = lines.filter((l) =>
    /^(\w+(Error|Exception)\b|Exception in thread|Caused by:|\s*File ".*", line \d+)/.test(l),
  );
  if (thrown.length > 0) return { lines: thrown, recognized: true };
  return { lines: lines.filter((l) => l !== '').slice(-20), recognized: false };
}
