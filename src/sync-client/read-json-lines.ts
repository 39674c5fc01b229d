import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { InputError, isPlainObject, kindOf, type SourceObject } from './source-object';

/**
 * JSON lines (`.jsonl`, `.ndjson`): one object per line, blank lines skipped. Each object is an
 * entity or a relationship by kindOf (the ends it names). Read line by line.
 */
export async function* readJsonLines(text: Readable, file: string): AsyncGenerator<SourceObject> {
  const lines = readline.createInterface({ input: text, crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line++;
    const trimmed = line === 1 ? raw.replace(/^\uFEFF/, '').trim() : raw.trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      throw new InputError(`${file} line ${line}: not valid JSON (${(err as Error).message})`);
    }
    if (!isPlainObject(value)) {
      throw new InputError(`${file} line ${line}: each line must be a JSON object`);
    }
    yield { kind: kindOf(value), object: value, where: `line ${line}`, file };
  }
}
