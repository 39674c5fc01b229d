/**
 * The exit codes of `graphsync sync` (docs/guide/sync-cli.md). 0, 1 and 2 mean what they mean for
 * every graphsync command.
 */
export const EXIT = {
  /** The job ended FINISHED (with --dry-run: every object is valid). */
  finished: 0,
  /** The service could not be used: unreachable, key refused (401/403), job not started, 5xx. */
  failed: 1,
  /** A bad command line: an unknown option or mode, a missing file, an unknown format. */
  usage: 2,
  /** The data is at fault: a file does not parse, or an object breaks a rule (locally or 400). */
  invalid: 3,
  /** The job ended FAILED, ABORTED or ERROR. */
  jobFailed: 4,
  /** Interrupted (Ctrl-C): the job was aborted. */
  interrupted: 130,
} as const;
