#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { AccountService } from './accounts/account-service';
import { bootstrapLocalAccount, LOCAL_ACCOUNT_ID } from './accounts/local-account';
import { type RunningApi, startApi } from './api';
import { ConfigError, loadConfig } from './config/config';
import { AppError } from './errors/app-error';
import { openGraph } from './graph/open-graph';
import { createLogger } from './logging';
import { type RunningWorker, startWorker } from './worker';

/**
 * The `graphsync` command: `serve` (what `npm start` runs), `worker`, and account / API key
 * administration. Admin commands print JSON on stdout; progress goes to stderr.
 */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const note = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export async function runCli(argv: readonly string[]): Promise<void> {
  const program = new Command('graphsync')
    .description('graphsync: ingest security and asset graphs into Neo4j')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program
    .command('serve')
    .description('start the API (and a local Neo4j when NEO4J_URI is unset)')
    .action(serve);
  program.command('worker').description('run queue workers (needs REDIS_URL)').action(worker);

  const account = program.command('account').description('manage accounts');
  account
    .command('create')
    .requiredOption('--id <id>', 'account id')
    .option('--enable <features>', 'comma-separated features to enable: PUT,OVERRIDE', '')
    .action(async (opts: { id: string; enable: string }) =>
      withAccounts(async (a) => ({
        account: await a.createAccount({ id: opts.id, features: csv(opts.enable) }),
      })),
    );
  account
    .command('list')
    .action(async () => withAccounts(async (a) => ({ accounts: await a.listAccounts() })));
  account
    .command('get')
    .requiredOption('--id <id>', 'account id')
    .action(async (opts: { id: string }) =>
      withAccounts(async (a) => ({ account: await a.getAccount(opts.id) })),
    );
  account
    .command('set-features')
    .requiredOption('--id <id>', 'account id')
    .requiredOption(
      '--features <features>',
      "comma-separated features (e.g. PUT,OVERRIDE; '' for none)",
    )
    .action(async (opts: { id: string; features: string }) =>
      withAccounts(async (a) => ({
        account: await a.setFeatures({ id: opts.id, features: csv(opts.features) }),
      })),
    );

  const key = program.command('key').description('manage API keys');
  key
    .command('create')
    .requiredOption('--account <id>', 'account id')
    .option('--name <name>', 'a label for the key')
    .action(async (opts: { account: string; name?: string }) =>
      withAccounts(async (a) => ({
        key: await a.createApiKey({ accountId: opts.account, name: opts.name }),
      })),
    );
  key
    .command('list')
    .requiredOption('--account <id>', 'account id')
    .action(async (opts: { account: string }) =>
      withAccounts(async (a) => ({ keys: await a.listApiKeys(opts.account) })),
    );
  key
    .command('revoke')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--key <keyId>', "the key's id (from 'key list'), not its secret")
    .action(async (opts: { account: string; key: string }) =>
      withAccounts(async (a) => ({
        key: await a.revokeApiKey({ accountId: opts.account, keyId: opts.key }),
      })),
    );

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (err) {
    process.exitCode = reportFailure(err);
  }
}

async function serve(): Promise<void> {
  // Listen for signals first: Ctrl-C (or SIGTERM as PID 1 in a container) during start-up must
  // still lead to a clean shutdown once start-up has finished.
  const stopRequested = untilSignal();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const opened = await openGraph(config, { log: say, role: 'owner' });
  let api: RunningApi | undefined;
  try {
    api = await startApi({ config, logger, graph: opened.graph });
    const created = await bootstrapLocalAccount(api.accounts);
    say('');
    say(`graphsync is running in ${config.mode} mode`);
    say(`  URL:      ${api.url}`);
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

async function worker(): Promise<void> {
  const stopRequested = untilSignal();
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'graphsync-worker');
  const opened = await openGraph(config, { log: note, role: 'owner' });
  let running: RunningWorker | undefined;
  try {
    running = await startWorker({ config, logger, graph: opened.graph });
    await stopRequested;
  } finally {
    await running?.close();
    await opened.close();
  }
}

async function withAccounts(work: (accounts: AccountService) => Promise<unknown>): Promise<void> {
  const config = loadConfig();
  const opened = await openGraph(config, { log: note, role: 'guest' });
  try {
    const result = await work(new AccountService({ graph: opened.graph }));
    say(JSON.stringify(result, null, 2));
  } finally {
    await opened.close();
  }
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
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Prints a failure for people and returns the exit code. */
function reportFailure(err: unknown): number {
  if (err instanceof CommanderError) return err.exitCode;
  if (err instanceof ConfigError) {
    note(err.message);
    return 1;
  }
  if (err instanceof AppError) {
    note(JSON.stringify({ error: { code: err.code, message: err.message } }));
    return 1;
  }
  note(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
}

if (require.main === module) {
  void runCli(process.argv.slice(2));
}
