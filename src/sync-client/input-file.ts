import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { readCsv } from './read-csv';
import { readJson } from './read-json';
import { readJsonLines } from './read-json-lines';
import { readYaml } from './read-yaml';
import { InputError, type SourceObject } from './source-object';

/** The input formats `graphsync sync` reads (docs/guide/sync-cli.md). */
export const INPUT_FORMATS = ['json', 'jsonl', 'csv', 'yaml'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

const EXTENSIONS: Readonly<Record<string, InputFormat>> = {
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
  csv: 'csv',
  yaml: 'yaml',
  yml: 'yaml',
};

const GZIP_MAGIC = [0x1f, 0x8b];

/** One input file, opened: its format, whether it is gzipped, its size on disk. */
export interface InputFile {
  path: string;
  /** As the user named it, for messages. */
  name: string;
  format: InputFormat;
  gzip: boolean;
  size: number;
}

/**
 * Looks at a file before reading it: gzip by its first two bytes (whatever its name), the format
 * by `format` or else by its extension once `.gz` is taken off. A missing file or an unknown
 * extension is a usage error (thrown as UsageError by the caller's check).
 */
export async function inspectInput(name: string, format?: InputFormat): Promise<InputFile> {
  const file = path.resolve(name);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new UsageError(
      code === 'ENOENT' ? `${name}: no such file` : `${name}: ${(err as Error).message}`,
    );
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new UsageError(`${name}: not a file`);
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    const gzip = bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
    const chosen = format ?? formatByName(name);
    if (chosen === undefined) {
      throw new UsageError(
        `${name}: cannot tell the format from the name; name it .json, .jsonl, .ndjson, .csv, .yaml or .yml (optionally .gz), or pass --format`,
      );
    }
    return { path: file, name, format: chosen, gzip, size: stat.size };
  } finally {
    await handle.close();
  }
}

function formatByName(name: string): InputFormat | undefined {
  const base = path
    .basename(name)
    .toLowerCase()
    .replace(/\.(gz|gzip)$/, '');
  const extension = /\.([a-z]+)$/.exec(base)?.[1];
  return extension === undefined ? undefined : EXTENSIONS[extension];
}

/**
 * The objects of one file, in order, read as a stream: only the object being read (and, for YAML,
 * the file's text; see read-yaml.ts) is in memory. `onBytes` is told of each chunk read from disk
 * (compressed size), for progress.
 */
export async function* readInput(
  input: InputFile,
  onBytes: (bytes: number) => void = () => undefined,
): AsyncGenerator<SourceObject> {
  // 64 kB reads: the objects of one read are alive together, and bigger reads measurably swell
  // the heap (bench:sync-cli).
  const raw = fs.createReadStream(input.path, { highWaterMark: 64 * 1024 });
  // Counted on the way through (a 'data' listener would start the flow before a reader is there).
  const counted = raw.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        onBytes(chunk.length);
        done(null, chunk);
      },
    }),
  );
  const text: Readable = input.gzip ? counted.pipe(zlib.createGunzip()) : counted;
  raw.on('error', (err) => text.destroy(err));
  try {
    switch (input.format) {
      case 'json':
        yield* readJson(text, input.name);
        break;
      case 'jsonl':
        yield* readJsonLines(text, input.name);
        break;
      case 'csv':
        yield* readCsv(text, input.name);
        break;
      case 'yaml':
        yield* readYaml(text, input.name);
        break;
    }
  } catch (err) {
    // Every zlib error (Z_DATA_ERROR: corrupt, Z_BUF_ERROR: truncated, ...) is the file's fault.
    const code = (err as { code?: unknown }).code;
    if (input.gzip && typeof code === 'string' && code.startsWith('Z_')) {
      throw new InputError(
        `${input.name}: the gzip data is corrupt or truncated (${(err as Error).message})`,
      );
    }
    throw err;
  } finally {
    raw.destroy();
    counted.destroy();
    text.destroy();
  }
}

/** A bad command line: exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
