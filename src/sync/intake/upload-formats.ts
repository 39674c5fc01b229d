import { ValidationError } from '../../errors/app-error';
import { type CsvUpload, parseCsvUpload } from './csv-upload';
import { parseYamlUpload } from './yaml-upload';

/**
 * Turns the bytes of an upload (a request body or the bulk file) into the same JSON-shaped body
 * `{ entities?, relationships? }` whatever the format, so that one validator, with one set of
 * messages, serves them all. CSV keeps where each object came from, so that an error about
 * `/entities/1` can name its line (docs/decisions/0009-upload-formats.md).
 */
export type UploadFormat = 'json' | 'csv' | 'yaml';

/** The media types each format is accepted under; openapi.yaml's upload operations list them all. */
export const UPLOAD_MEDIA_TYPES: Readonly<Record<UploadFormat, readonly string[]>> = {
  json: ['application/json'],
  csv: ['text/csv'],
  yaml: ['application/yaml', 'text/yaml', 'application/x-yaml'],
};

const EXTENSIONS: Readonly<Record<string, UploadFormat>> = {
  json: 'json',
  csv: 'csv',
  yaml: 'yaml',
  yml: 'yaml',
};

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The format named by a Content-Type (parameters ignored; any `+json` type is JSON) or,
 * failing that, by a file extension (`.json`, `.csv`, `.yaml`, `.yml`).
 */
export function formatOf(
  contentType: string | undefined,
  fileName?: string,
): UploadFormat | undefined {
  const type = mediaTypeOf(contentType);
  if (type.endsWith('+json')) return 'json';
  for (const [format, types] of Object.entries(UPLOAD_MEDIA_TYPES)) {
    if (types.includes(type)) return format as UploadFormat;
  }
  const extension = /\.([a-z]+)$/.exec(fileName?.toLowerCase() ?? '')?.[1];
  return extension === undefined ? undefined : EXTENSIONS[extension];
}

/** An upload body in the JSON shape, and where its objects came from. */
export interface ParsedUpload {
  readonly format: UploadFormat;
  /** What a JSON body of the same data would parse to. */
  readonly body: unknown;
  /** The 1-based line of the source where `/<list>/<index>` starts; undefined unless CSV. */
  lineOf(list: 'entities' | 'relationships', index: number): number | undefined;
}

const NO_LINES = (): undefined => undefined;

/**
 * Parses the (already decompressed) bytes or text of an upload. Malformed input is a
 * ValidationError; CSV and YAML ones name the line.
 */
export async function readUpload(
  source: Buffer | string,
  format: UploadFormat,
): Promise<ParsedUpload> {
  switch (format) {
    case 'json':
      return { format, body: parseJson(textOf(source)), lineOf: NO_LINES };
    case 'yaml':
      return { format, body: parseYamlUpload(textOf(source)), lineOf: NO_LINES };
    case 'csv': {
      const { body, lines } = await parseCsvUpload(
        typeof source === 'string' ? Buffer.from(source, 'utf8') : source,
      );
      return { format, body: listsWithRows(body), lineOf: (list, index) => lines[list][index] };
    }
  }
}

/**
 * A CSV file has rows, not arrays: when it has rows of one kind only, the other list is left out
 * rather than sent as an empty array (which an upload may not hold next to the other kind). A file
 * without rows keeps both lists, empty, and is refused as an empty upload.
 */
function listsWithRows(body: CsvUpload['body']): Partial<CsvUpload['body']> {
  const { entities, relationships } = body;
  if (entities.length === 0 && relationships.length > 0) return { relationships };
  if (relationships.length === 0 && entities.length > 0) return { entities };
  return body;
}

/**
 * A request body as the HTTP layer hands it over: JSON already parsed (any value), CSV and YAML
 * still as text.
 */
export async function readRequestBody(body: unknown, format: UploadFormat): Promise<ParsedUpload> {
  if (format === 'json') return { format, body, lineOf: NO_LINES };
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
    throw new ValidationError(`A ${format.toUpperCase()} upload body must be text`);
  }
  return readUpload(body, format);
}

const OBJECT_POINTER = /^\/(entities|relationships)\/(\d+)(?=[/ :]|$)/;

/**
 * Names the source line in a ValidationError about one object of a CSV upload, e.g.
 * `CSV line 3: /entities/1/_key is required`. Any other error is returned as it is.
 */
export function locateError(err: unknown, upload: ParsedUpload): unknown {
  if (!(err instanceof ValidationError)) return err;
  const pointer = OBJECT_POINTER.exec(err.message);
  if (pointer === null) return err;
  const list = pointer[1] as 'entities' | 'relationships';
  const line = upload.lineOf(list, Number(pointer[2]));
  if (line === undefined) return err;
  return new ValidationError(
    `${upload.format.toUpperCase()} line ${line}: ${err.message}`,
    err.code,
  );
}

function textOf(source: Buffer | string): string {
  const text = typeof source === 'string' ? source : source.toString('utf8');
  // A byte order mark (Windows editors write one) is not part of the document.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('The request body is not valid JSON');
  }
}
