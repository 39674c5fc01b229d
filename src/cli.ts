#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import type * as CliAccountsModule from './compose/cli-accounts';
import type { AccountService } from './accounts/account-service';
import type * as LocalAccountModule from './accounts/local-account';
import { KEY_ROLES } from './accounts/key-roles';
import type * as ApiModule from './api';
import { chooseWorkerRuntime } from './compose/runtime-choice';
import { reportFailure } from './compose/cli-failures';
import { addSyncCommand } from './compose/cli-sync';
import { type Config, loadConfig } from './config/config';
import type * as OpenGraphModule from './graph/open-graph';
import type { OpenGraph } from './graph/open-graph';
import type { LocalNeo4jLauncher } from './graph/local-neo4j-port';
import type * as LoggingModule from './logging';
import { repoRoot } from './paths';
import type * as WorkerModule from './worker';

/**
 * The `graphsync` command: `serve` (what `npm start` runs), `worker`, account / API key
 * administration, and `sync` (src/compose/cli-sync.ts). Results are JSON on stdout; progress and
 * errors go to stderr. Exit codes: 0 done, 1 failed, 2 usage error (sync adds 3 and 4).
 * Only what a command needs is loaded: `serve` and `worker` import the API and the workers when
 * they run, so that an admin command against a running service starts in well under a second.
 */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const note = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** What the entry point hands in besides the arguments. */
export interface CliEntry {
  /**
   * Loads the development Neo4j launcher (tools/neo4j-local): the repository's entry points
   * (scripts/start.js, bin/graphsync.js) pass it, the container image's `node dist/src/cli.js` does
   * not, and then NEO4J_URI is required.
   */
  localNeo4j?: () => LocalNeo4jLauncher;
}

export async function runCli(argv: readonly string[], entry: CliEntry = {}): Promise<void> {
  try {
    await buildProgram(entry).parseAsync([...argv], { from: 'user' });
  } catch (err) {
    process.exitCode = reportFailure(err, note);
  }
}

/** Opens the graph for a command ('start': serve; 'attach': everything else). */
type OpenGraphFor = (
  config: Config,
  role: 'start' | 'attach',
  log: (line: string) => void,
) => Promise<OpenGraph>;

export function buildProgram(entry: CliEntry = {}): Command {
  const open: OpenGraphFor = (config, role, log) => openGraphFor(entry, config, role, log);
  const program = new Command('graphsync')
    .description('graphsync: ingest security and asset graphs into Neo4j')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .addHelpText(
      'after',
      '\nResults are JSON on stdout; progress and errors go to stderr.\n' +
        'Exit codes: 0 done, 1 failed, 2 usage error.\n' +
        'Without NEO4J_URI, commands use the local Neo4j that `npm start` runs (same DATA_DIR).',
    )
    .exitOverride()
    .showHelpAfterError('(graphsync --help shows the usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  // Subcommands made with .command() below inherit these settings (exitOverride, output, help).

  program
    .command('serve')
    .description('start the API, and a local Neo4j when NEO4J_URI is unset (what npm start runs)')
    .action(() => serve(open));
  program
    .command('worker')
    .description('run queue workers: finalizations and rule evaluations from Redis (REDIS_URL)')
    .action(() => worker(open));

  addAccountCommands(program, open);
  addKeyCommands(program, open);
  addSyncCommand(program, packageVersion());
  return program;
}

/** `graphsync account create|list|get|set-features`. */
function addAccountCommands(program: Command, open: OpenGraphFor): void {
  const account = program.command('account').description('manage accounts');
  account
    .command('create')
    .description('create an account')
    .requiredOption('--id <id>', 'the account id (letters, digits, _ . : -)')
    .option('--enable <features>', 'comma-separated features to enable: PUT,OVERRIDE', '')
    .action(async (opts: { id: string; enable: string }) =>
      withAccounts(open, async (a) => ({
        account: await a.createAccount({ id: opts.id, features: csv(opts.enable) }),
      })),
    );
  account
    .command('list')
    .description('list every account')
    .action(async () => withAccounts(open, async (a) => ({ accounts: await a.listAccounts() })));
  account
    .command('get')
    .description('show one account')
    .requiredOption('--id <id>', 'the account id')
    .action(async (opts: { id: string }) =>
      withAccounts(open, async (a) => ({ account: await a.getAccount(opts.id) })),
    );
  account
    .command('set-features')
    .description("replace an account's features")
    .requiredOption('--id <id>', 'the account id')
    .requiredOption(
      '--features <features>',
      "comma-separated features (e.g. PUT,OVERRIDE; '' for none)",
    )
    .action(async (opts: { id: string; features: string }) =>
      withAccounts(open, async (a) => ({
        account: await a.setFeatures({ id: opts.id, features: csv(opts.features) }),
      })),
    );
}

/** `graphsync key create|list|revoke`. */
function addKeyCommands(program: Command, open: OpenGraphFor): void {
  const key = program.command('key').description('manage API keys');
  key
    .command('create')
    .description('create an API key (its secret is shown once)')
    .requiredOption('--account <id>', 'the account the key belongs to')
    .option('--name <name>', 'a label for the key')
    .option(
      '--roles <roles>',
      `what the key may do, comma-separated, of ${KEY_ROLES.join(', ')} (default: every role)`,
    )
    .option('--secret-only', 'print only the secret, for KEY=$(graphsync key create ...)')
    .action(
      async (opts: { account: string; name?: string; roles?: string; secretOnly?: boolean }) =>
        withAccounts(open, async (a) => {
          const created = await a.createApiKey({
            accountId: opts.account,
            name: opts.name,
            roles: opts.roles === undefined ? undefined : csv(opts.roles),
          });
          return opts.secretOnly === true ? created.secret : { key: created };
        }),
    );
  key
    .command('list')
    .description("list an account's keys with their roles (never their secrets)")
    .requiredOption('--account <id>', 'the account id')
    .action(async (opts: { account: string }) =>
      withAccounts(open, async (a) => ({ keys: await a.listApiKeys(opts.account) })),
    );
  key
    .command('revoke')
    .description('revoke a key: requests with it are refused from now on')
    .requiredOption('--account <id>', 'the account id')
    .requiredOption('--key <keyId>', "the key's id (from 'key list'), not its secret")
    .action(async (opts: { account: string; key: string }) =>
      withAccounts(open, async (a) => ({
        key: await a.revokeApiKey({ accountId: opts.account, keyId: opts.key }),
      })),
    );
}

async function serve(open: OpenGraphFor): Promise<void> {
  // Listen for signals first: Ctrl-C (or SIGTERM as PID 1 in a container) during start-up must
  // still lead to a clean shutdown once start-up has finished.
  const stopRequested = untilSignal();
  const config = loadConfig();
  const { startApi } = load<typeof ApiModule>('./api');
  const { bootstrapLocalAccount, LOCAL_ACCOUNT_ID } = load<typeof LocalAccountModule>(
    './accounts/local-account',
  );
  const { createLogger } = load<typeof LoggingModule>('./logging');
  const logger = createLogger(config.logLevel);
  const opened = await open(config, 'start', say);
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    api = await startApi({ config, logger, graph: opened.graph });
    const created = await bootstrapLocalAccount(api.accounts);
    say('');
    say(`graphsync is running in ${api.mode} mode`);
    say(`  URL:      ${api.url}`);
    say(`  Console:  ${api.url}/console`);
    say(`  Neo4j:    ${opened.uri}`);
    if (created !== undefined) {
      say(`  Account:  ${LOCAL_ACCOUNT_ID}`);
      say(`  API key:  ${created.secret}`);
      say('            (shown once; stored hashed)');
      say(
        `  Try:      curl -H 'JupiterOne-Account: ${LOCAL_ACCOUNT_ID}' -H 'Authorization: Bearer ${created.secret}' ${api.url}/account`,
      );
    } else {
      say(`  API key:  create one with: npx graphsync key create --account ${LOCAL_ACCOUNT_ID}`);
    }
    say('Press Ctrl-C to stop.');
    await stopRequested;
    say('Shutting down...');
  } finally {
    await api?.close();
    await opened.close();
  }
  say('Stopped.');
}

async function worker(open: OpenGraphFor): Promise<void> {
  const stopRequested = untilSignal();
  const config = loadConfig();
  // Said before anything is opened: without Redis there is nothing for a worker to do.
  chooseWorkerRuntime(config);
  const { startWorker } = load<typeof WorkerModule>('./worker');
  const { createLogger } = load<typeof LoggingModule>('./logging');
  const logger = createLogger(config.logLevel, 'graphsync-worker');
  const opened = await open(config, 'attach', note);
  let running: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    running = await startWorker({ config, logger, graph: opened.graph });
    await stopRequested;
  } finally {
    await running?.close();
    await opened.close();
  }
}

async function withAccounts(
  open: OpenGraphFor,
  work: (accounts: AccountService) => Promise<unknown>,
): Promise<void> {
  const config = loadConfig();
  const { cliAccountService } = load<typeof CliAccountsModule>('./compose/cli-accounts');
  const opened = await open(config, 'attach', note);
  try {
    // Its changes are recorded in the audit trail, with the actor `cli`.
    const result = await work(cliAccountService(opened.graph, config));
    say(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
  } finally {
    await opened.close();
  }
}

async function openGraphFor(
  entry: CliEntry,
  config: Config,
  role: 'start' | 'attach',
  log: (line: string) => void,
): Promise<OpenGraph> {
  const { openGraph } = load<typeof OpenGraphModule>('./graph/open-graph');
  // The launcher is loaded only when it is needed (no NEO4J_URI).
  const localNeo4j = config.neo4j.uri === undefined ? entry.localNeo4j?.() : undefined;
  return openGraph(config, { log, role, localNeo4j });
}

/**
 * Loads a module when a command needs it (the API and the workers pull in Express, BullMQ and
 * the AWS SDK, which an admin command does not need). CommonJS require, so it works alike from
 * dist/ and under tsx.
 */
function load<T>(id: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load
  return require(id) as T;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

function csv(value: string): string[] {
  return value.split(',').flatMap((s) => (s.trim() === '' ? [] : [s.trim()]));
}

function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

if (require.main === module) {
  void runCli(process.argv.slice(2));
}
