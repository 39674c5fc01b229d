import { type Command, InvalidArgumentError, Option } from 'commander';
import { SYNC_MODE_NAMES, type SyncMode } from '../sync/jobs/job-types';
import type * as SyncRunModule from '../sync-client/sync-run';

/** The input formats, spelled out here so that the client is loaded only when `sync` runs. */
const FORMATS = ['json', 'jsonl', 'csv', 'yaml'] as const;

interface SyncFlags {
  url: string;
  account: string;
  key: string;
  scope?: string;
  source: string;
  mode: SyncMode;
  format?: (typeof FORMATS)[number];
  ignoreDuplicates?: boolean;
  dryRun?: boolean;
  json?: boolean;
  batchSize: number;
  concurrency: number;
  retries: number;
}

/**
 * `graphsync sync [options] FILE...`: a client of a running graphsync (src/sync-client). The
 * connection options may come from GRAPHSYNC_URL, GRAPHSYNC_ACCOUNT and GRAPHSYNC_KEY (commander
 * reads them; the service's own configuration is not loaded). docs/guide/sync-cli.md.
 */
export function addSyncCommand(program: Command, version: string): void {
  const command = program
    .command('sync')
    .description(
      'sync files (JSON, JSON lines, CSV, YAML; gzipped or not) into a scope of a running graphsync',
    )
    .argument('<files...>', 'files to upload, in order');
  addSyncOptions(command);
  command.action(async (files: string[], flags: SyncFlags) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when sync runs
    const { runSync } = require('../sync-client/sync-run') as typeof SyncRunModule;
    process.exitCode = await runSync({
      connection: { url: flags.url, account: flags.account, key: flags.key },
      files,
      format: flags.format,
      mode: flags.mode,
      source: flags.source,
      scope: flags.scope,
      ignoreDuplicates: flags.ignoreDuplicates === true,
      dryRun: flags.dryRun === true,
      output: flags.json === true ? 'json' : process.stderr.isTTY ? 'bar' : 'lines',
      batchSize: flags.batchSize,
      concurrency: flags.concurrency,
      retries: flags.retries,
      userAgent: `graphsync-cli/${version}`,
      out: {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      },
    });
  });
}

function addSyncOptions(command: Command): void {
  const env = (flags: string, what: string, name: string): Option =>
    new Option(flags, what).env(name);
  command
    .addOption(
      env(
        '--url <url>',
        'the service, e.g. http://127.0.0.1:8080',
        'GRAPHSYNC_URL',
      ).makeOptionMandatory(),
    )
    .addOption(env('--account <id>', 'the account', 'GRAPHSYNC_ACCOUNT').makeOptionMandatory())
    .addOption(
      env(
        '--key <secret>',
        'an API key of the account (roles ingest and read)',
        'GRAPHSYNC_KEY',
      ).makeOptionMandatory(),
    )
    .addOption(
      env(
        '--scope <scope>',
        'the scope the job owns (needed for DIFF and CROSS_SCOPE)',
        'GRAPHSYNC_SCOPE',
      ),
    )
    .addOption(
      new Option('--mode <mode>', 'the sync mode').choices(SYNC_MODE_NAMES).default('DIFF'),
    )
    .option('--source <source>', "the job's source", 'api')
    .addOption(
      new Option('--format <format>', 'the format of every file (default: by extension)').choices(
        FORMATS,
      ),
    )
    .option('--ignore-duplicates', 'a later object with the same _key replaces an earlier one')
    .option('--dry-run', 'check the files locally with the API rules for the mode; send nothing')
    .option('--json', 'JSON lines on stdout: progress events, then a result line')
    .option(
      '--batch-size <n>',
      'objects per upload request',
      positive('--batch-size', 100_000),
      1000,
    )
    .option(
      '--concurrency <n>',
      'upload requests in flight at once',
      positive('--concurrency', 32),
      4,
    )
    .option(
      '--retries <n>',
      'retries of a request answered 429/502/503/504 or not at all',
      count('--retries'),
      5,
    )
    .addHelpText('after', EXIT_CODES_HELP);
}

const EXIT_CODES_HELP =
  '\nExit codes: 0 the job FINISHED (--dry-run: valid), 1 the service could not be used,\n' +
  '2 usage error, 3 invalid data (the job is aborted), 4 the job ended FAILED, ABORTED or ERROR.';

function positive(name: string, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}`);
    }
    return n;
  };
}

function count(name: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      throw new InvalidArgumentError(`${name} must be a whole number from 0 to 100`);
    }
    return n;
  };
}
