import { ValidationError } from '../errors/app-error';
import type { SyncMode } from '../sync/jobs/job-types';
import { validateUpload } from '../sync/intake/upload-validation';
import { type InputFile, readInput } from './input-file';
import { aboutObject } from './object-errors';
import { describeObject, InputError, type SourceObject } from './source-object';

export interface DryRunOptions {
  syncMode: SyncMode;
  scope: string | undefined;
  ignoreDuplicates: boolean;
  /** Stop listing after this many problems (they are all counted). */
  maxListed: number;
}

export interface DryRunResult {
  objects: { entities: number; relationships: number };
  /** Problems found, at most maxListed. */
  problems: string[];
  problemCount: number;
}

/**
 * `--dry-run`: reads every file and checks each object locally with the API's own upload rules
 * for the mode (src/sync/intake/upload-validation.ts, the same messages), plus duplicate keys
 * across the whole run. Nothing is sent: no job is started and the graph is not touched. What it
 * cannot know: the account's features (PUT, OVERRIDE), and whether PATCH or OVERRIDE targets and
 * relationship ends exist; those are found when the job runs.
 */
export async function dryRun(inputs: InputFile[], options: DryRunOptions): Promise<DryRunResult> {
  const result: DryRunResult = {
    objects: { entities: 0, relationships: 0 },
    problems: [],
    problemCount: 0,
  };
  const problem = (message: string): void => {
    result.problemCount++;
    if (result.problems.length < options.maxListed) result.problems.push(message);
  };
  // Keys seen, to find duplicates across batches and files (the memory a large dry run costs).
  const seen = new Map<string, string>();
  for (const input of inputs) {
    try {
      for await (const source of readInput(input)) {
        result.objects[source.kind === 'entity' ? 'entities' : 'relationships']++;
        const message = check(source, options) ?? duplicate(source, seen, options);
        if (message !== undefined) problem(message);
      }
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      problem(err.message);
    }
  }
  return result;
}

function check(source: SourceObject, options: DryRunOptions): string | undefined {
  const body =
    source.kind === 'entity' ? { entities: [source.object] } : { relationships: [source.object] };
  try {
    validateUpload(body, {
      syncMode: options.syncMode,
      scope: options.scope,
      ignoreDuplicates: options.ignoreDuplicates,
      ignoreIllegalProperties: false,
      route: 'upload',
    });
    return undefined;
  } catch (err) {
    if (err instanceof ValidationError) return aboutObject(source, err.message);
    throw err;
  }
}

function duplicate(
  source: SourceObject,
  seen: Map<string, string>,
  options: DryRunOptions,
): string | undefined {
  const key = source.object._key;
  if (typeof key !== 'string' || options.ignoreDuplicates) return undefined;
  const scope = typeof source.object._scope === 'string' ? source.object._scope : '';
  const id = `${source.kind}\u0000${scope}\u0000${key}`;
  const first = seen.get(id);
  if (first === undefined) {
    seen.set(id, `${source.file} ${source.where}`);
    return undefined;
  }
  return `${describeObject(source)}: a duplicate of ${first} (same _key)`;
}
