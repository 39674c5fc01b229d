import { CommanderError } from 'commander';
import { ConfigError } from '../config/config';
import { AppError, ValidationError } from '../errors/app-error';
import { LocalNeo4jError } from '../graph/local-neo4j-port';

/** The CLI's exit codes: 0 done, 1 failed, 2 usage error (docs/guide/operations.md). */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** Prints a failure for people (one line, or the error as JSON) and returns the exit code. */
export function reportFailure(err: unknown, note: (line: string) => void): number {
  if (err instanceof CommanderError) {
    // Commander has printed the message (or the help / version, which exit 0).
    return err.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  if (err instanceof ConfigError || err instanceof LocalNeo4jError) {
    note(err.message);
    return EXIT_FAILURE;
  }
  if (err instanceof AppError) {
    note(JSON.stringify({ error: { code: err.code, message: err.message } }));
    // Bad input on the command line (an unknown feature, a malformed id) is a usage error.
    return err instanceof ValidationError ? EXIT_USAGE : EXIT_FAILURE;
  }
  const known = knownFailure(err);
  if (known !== undefined) {
    note(known);
    return EXIT_FAILURE;
  }
  // Anything else is a bug: its stack is what a report needs.
  note(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return EXIT_FAILURE;
}

/** One line for the failures of the world around us (ports, Neo4j) rather than of our code. */
function knownFailure(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const { code, port } = err as Error & { code?: string; port?: number };
  if (code === 'EADDRINUSE')
    return `Port ${String(port)} (PORT) is taken by another process: set PORT to a free port (0 picks one), or stop that process.`;
  if (code === 'ServiceUnavailable' || code === 'Neo.ClientError.Security.Unauthorized')
    return `Cannot use Neo4j: ${err.message.split('\n')[0] ?? ''} (check NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD).`;
  return undefined;
}
