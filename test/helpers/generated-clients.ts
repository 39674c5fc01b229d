import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ClientStepError,
  compileClient,
  type CompiledClient,
  defaultCacheDir,
  generateClient,
  type GeneratorName,
  run,
  TYPESCRIPT_PACKAGE,
  tscArgs,
} from '../../scripts/clients/clients';
import { repoRoot } from '../../src/paths';

/**
 * The test side of the generated clients (scripts/clients/clients.ts makes and compiles them): the
 * scenario programs in test/e2e/generated-clients, compiled against a client (cached with it) and
 * run against a service.
 *
 * GRAPHSYNC_CLIENTS_CACHE moves the cache; GENERATED_CLIENTS_SPEC generates from another file than
 * openapi.yaml (a draft of the spec, to see what it would change for the clients).
 */
export const scenarioDir = path.join(repoRoot, 'test', 'e2e', 'generated-clients');

const SCENARIO_SOURCE: Record<GeneratorName, string> = {
  'typescript-fetch': path.join(scenarioDir, 'scenario.ts'),
  python: path.join(scenarioDir, 'scenario.py'),
  java: path.join(scenarioDir, 'Scenario.java'),
};

export function clientsOptions(log?: (line: string) => void): {
  cacheDir: string;
  spec?: string;
  log?: (line: string) => void;
} {
  const spec = process.env.GENERATED_CLIENTS_SPEC;
  return {
    cacheDir: process.env.GRAPHSYNC_CLIENTS_CACHE || defaultCacheDir,
    ...(spec === undefined || spec === '' ? {} : { spec: path.resolve(spec) }),
    ...(log === undefined ? {} : { log }),
  };
}

/** What happened to one stage of preparing a client: its time, and its failure if it failed. */
export interface Stage {
  seconds: number;
  cached: boolean;
  error?: ClientStepError | Error;
}

export interface PreparedClient {
  generator: GeneratorName;
  generate?: Stage;
  compile?: Stage;
  /** Compiling the scenario program against the client (java, typescript-fetch). */
  program?: Stage;
  /** How to run the scenario program, once every stage passed. */
  command?: { command: string; args: string[]; env: NodeJS.ProcessEnv };
}

async function timed<T>(
  fn: () => Promise<T>,
  cached: (value: T) => boolean,
): Promise<{ value?: T; stage: Stage }> {
  const started = Date.now();
  try {
    const value = await fn();
    return { value, stage: { seconds: (Date.now() - started) / 1000, cached: cached(value) } };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    const remembered = error instanceof ClientStepError && error.cached;
    return { stage: { seconds: (Date.now() - started) / 1000, cached: remembered, error } };
  }
}

/**
 * Generates and compiles a client (both cached by the spec's hash), then compiles the scenario
 * program against it (cached by the program's hash too). Never throws: each stage says how it went.
 */
export async function prepareClient(
  generator: GeneratorName,
  log?: (line: string) => void,
): Promise<PreparedClient> {
  const opts = clientsOptions(log);
  const prepared: PreparedClient = { generator };
  const generated = await timed(
    () => generateClient(generator, opts),
    (c) => c.cached,
  );
  prepared.generate = generated.stage;
  if (generated.value === undefined) return prepared;
  const compiled = await timed(
    () => compileClient(generated.value!, opts),
    (c) => c.compileCached,
  );
  prepared.compile = compiled.stage;
  if (compiled.value === undefined) return prepared;
  const program = await timed(
    () => buildProgram(compiled.value!),
    (p) => p.cached,
  );
  prepared.program = program.stage;
  if (program.value !== undefined) prepared.command = program.value.command;
  return prepared;
}

/** The scenario program of a compiled client, compiled where it needs to be, and how to run it. */
async function buildProgram(
  client: CompiledClient,
): Promise<{ cached: boolean; command: NonNullable<PreparedClient['command']> }> {
  const source = SCENARIO_SOURCE[client.generator];
  if (client.generator === 'python')
    return {
      cached: true,
      command: { command: 'python3', args: [source], env: { PYTHONPATH: client.dir } },
    };
  const hash = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 16);
  const work = path.join(client.entryDir, `scenario-${hash}`);
  const stamp = path.join(work, '.built');
  const logFile = path.join(work, 'build.log');
  const step = `compile the ${client.generator} scenario program`;
  if (client.generator === 'java') {
    const classes = path.join(work, 'classes');
    const classpath = [classes, client.classpath ?? ''].join(path.delimiter);
    const command = { command: 'java', args: ['-cp', classpath, 'Scenario'], env: {} };
    if (fs.existsSync(stamp)) return { cached: true, command };
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(classes, { recursive: true });
    await run(
      step,
      'javac',
      ['-cp', client.classpath ?? '', '-d', classes, '-Xlint:none', source],
      { cwd: work, logFile },
    );
    fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
    return { cached: false, command };
  }
  // typescript-fetch: the program beside the package, which it imports by its npm name, compiled
  // with tsc --strict (the repository's @types/node for process and console).
  const command = {
    command: process.execPath,
    args: [path.join(work, 'dist', 'scenario.js')],
    env: {},
  };
  if (fs.existsSync(stamp)) return { cached: true, command };
  fs.rmSync(work, { recursive: true, force: true });
  const link = path.join(work, 'node_modules', ...TYPESCRIPT_PACKAGE.split('/'));
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(client.dir, link, 'dir');
  fs.copyFileSync(source, path.join(work, 'scenario.ts'));
  fs.writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node10',
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
          outDir: 'dist',
        },
        files: ['scenario.ts'],
      },
      null,
      2,
    ),
  );
  await run(step, process.execPath, [...tscArgs, '-p', 'tsconfig.json'], { cwd: work, logFile });
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return { cached: false, command };
}

export interface ScenarioRun {
  /** Each step's result, or `{ error }`, as the program printed them. */
  results?: Record<string, unknown>;
  /** Why there are no results (the program failed or printed no JSON), with its output. */
  failure?: string;
  seconds: number;
}

/** Runs a prepared client's scenario program against a service, as one account. */
export async function runScenario(
  prepared: PreparedClient,
  target: { url: string; accountId: string; key: string; scope: string },
): Promise<ScenarioRun> {
  const started = Date.now();
  const seconds = (): number => (Date.now() - started) / 1000;
  if (prepared.command === undefined) return { failure: 'the program was not built', seconds: 0 };
  const { command, args, env } = prepared.command;
  const logFile = path.join(clientsOptions().cacheDir, prepared.generator, 'last-scenario-run.log');
  fs.rmSync(logFile, { force: true });
  let output: string;
  try {
    output = await run(`run the ${prepared.generator} scenario`, command, args, {
      cwd: scenarioDir,
      logFile,
      env: {
        ...process.env,
        ...env,
        GRAPHSYNC_URL: target.url,
        GRAPHSYNC_ACCOUNT: target.accountId,
        GRAPHSYNC_API_KEY: target.key,
        GRAPHSYNC_SCOPE: target.scope,
      },
    });
  } catch (err) {
    const message = err instanceof ClientStepError ? `${err.message}\n${err.output}` : String(err);
    return { failure: message, seconds: seconds() };
  }
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (line === undefined)
    return { failure: `no JSON in the output:\n${output}`, seconds: seconds() };
  return { results: JSON.parse(line) as Record<string, unknown>, seconds: seconds() };
}
