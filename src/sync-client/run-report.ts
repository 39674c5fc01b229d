import type { SyncJob } from './api-client';
import type { DryRunResult } from './dry-run';
import { EXIT } from './exit-codes';
import type { UploadTally } from './uploader';

export interface Output {
  /** A line on stdout. */
  out: (line: string) => void;
  /** A line on stderr. */
  err: (line: string) => void;
}

export interface RunFailure {
  code: number;
  /** The API's error code, or the CLI's own (USAGE, INVALID_INPUT, UNREACHABLE, INTERRUPTED). */
  kind: string;
  message: string;
}

export type RunOutcome =
  | { job: SyncJob; upload: UploadTally; seconds: number; code: number; failure?: undefined }
  | { failure: RunFailure; job?: SyncJob; upload?: UploadTally };

interface Reported {
  output: 'bar' | 'lines' | 'json';
  out: Output;
}

/**
 * The end of a run. Without --json: a summary on stdout (the job's status and counters), or the
 * error on stderr. With --json: one last JSON line on stdout, `{"type":"result", "exitCode", "job",
 * "upload", "error"}`. Returns the exit code.
 */
export function report(options: Reported, outcome: RunOutcome): number {
  const code = outcome.failure === undefined ? outcome.code : outcome.failure.code;
  if (options.output === 'json') {
    options.out.out(
      JSON.stringify({
        type: 'result',
        exitCode: code,
        ...(outcome.job === undefined ? {} : { job: outcome.job }),
        ...(outcome.upload === undefined ? {} : { upload: outcome.upload }),
        ...(outcome.failure === undefined
          ? { seconds: outcome.seconds }
          : { error: { code: outcome.failure.kind, message: outcome.failure.message } }),
      }),
    );
    return code;
  }
  if (outcome.failure !== undefined) {
    options.out.err(`error: ${outcome.failure.message}`);
    if (outcome.job !== undefined) options.out.err(`(job ${outcome.job.id} was aborted)`);
    return code;
  }
  for (const line of summary(outcome.job, outcome.seconds)) options.out.out(line);
  return code;
}

function summary(job: SyncJob, seconds: number): string[] {
  const lines = [
    `Job ${job.id} ${job.status} in ${seconds.toFixed(1)} s (${job.syncMode}${job.scope === undefined ? '' : `, scope ${job.scope}`})`,
    `  entities:      ${job.numEntitiesUploaded} uploaded, ${job.numEntitiesCreated} created, ${job.numEntitiesUpdated} updated, ${job.numEntitiesDeleted} deleted`,
    `  relationships: ${job.numRelationshipsUploaded} uploaded, ${job.numRelationshipsCreated} created, ${job.numRelationshipsUpdated} updated, ${job.numRelationshipsDeleted} deleted`,
  ];
  if (job.numEntityUpdateErrors > 0 || job.numRelationshipCreateErrors > 0) {
    lines.push(
      `  not applied:   ${job.numEntityUpdateErrors} entity updates, ${job.numRelationshipCreateErrors} relationships`,
    );
  }
  for (const e of (job.errors ?? []).slice(0, 10)) {
    lines.push(`  ${e.kind} ${e.key === null ? '' : `'${e.key}' `}${e.message}`);
  }
  if (job.error !== undefined) lines.push(`  error: ${job.error}`);
  if (job.abortReason !== undefined) lines.push(`  abort reason: ${job.abortReason}`);
  return lines;
}

/** The end of a dry run: the problems (or that there are none). */
export function reportDryRun(options: Reported, result: DryRunResult): number {
  const code = result.problemCount === 0 ? EXIT.finished : EXIT.invalid;
  const { entities, relationships } = result.objects;
  if (options.output === 'json') {
    options.out.out(
      JSON.stringify({
        type: 'result',
        exitCode: code,
        dryRun: true,
        objects: result.objects,
        problemCount: result.problemCount,
        problems: result.problems,
      }),
    );
    return code;
  }
  for (const problem of result.problems) options.out.err(`invalid: ${problem}`);
  if (result.problemCount > result.problems.length) {
    options.out.err(`... and ${result.problemCount - result.problems.length} more problems`);
  }
  const verdict =
    result.problemCount === 0
      ? 'valid'
      : `${result.problemCount} ${result.problemCount === 1 ? 'problem' : 'problems'}`;
  options.out.out(
    `Dry run: ${entities} entities, ${relationships} relationships: ${verdict}; nothing was sent`,
  );
  return code;
}
