import { finished } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { ValidationError } from '../../errors/app-error';

/**
 * A CSV upload (docs/decisions/0009-upload-formats.md) turned into the shape of a JSON upload
 * body. The first record is the header (names trimmed, each at most once; a column without a name
 * must stay empty); each later record is one object:
 *
 * - a relationship when any of `_fromEntityKey`, `_fromEntityId`, `_toEntityKey`, `_toEntityId`
 *   has a value in that row, an entity otherwise;
 * - an empty cell is an absent property; blank lines and rows of empty cells are skipped;
 * - a cell converts when its whole text is a JSON number literal (finite; an integer literal only
 *   within ±(2^53 - 1), so that long ids keep their digits), `true` or `false`; otherwise it is the
 *   text as written. A cell whose whole text is a JSON array (`"[""a"",""b""]"`) is that array;
 * - `name.0`, `name.1`, ... columns spread one array (zero-indexed): its items are the non-empty
 *   cells in index order, converted when they all convert to the same type, all text otherwise;
 * - `_`-prefixed (system) columns are never converted: always text, except that `_class` may hold
 *   a JSON array, or be spread over `_class.0`, `_class.1`, ...; nor are `displayName` and `owner`,
 *   which are strings.
 *
 * Every problem found here names the 1-based line of the file where the offending record starts
 * (`CSV line 3: ...`; the header is line 1 unless blank lines precede it).
 */
export interface CsvUpload {
  body: { entities: CsvObject[]; relationships: CsvObject[] };
  /** The line where each object of `body.entities` / `body.relationships` starts, by index. */
  lines: { entities: number[]; relationships: number[] };
}

export type CsvObject = Record<string, unknown>;

const RELATIONSHIP_END_COLUMNS = ['_fromEntityKey', '_fromEntityId', '_toEntityKey', '_toEntityId'];
const SPREAD_COLUMN = /^(.+)\.(0|[1-9][0-9]*)$/;
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

export async function parseCsvUpload(bytes: Buffer): Promise<CsvUpload> {
  const upload: CsvUpload = {
    body: { entities: [], relationships: [] },
    lines: { entities: [], relationships: [] },
  };
  const lines = new LineCounter(bytes);
  let header: Header | undefined;
  const parser = parse(bytes, {
    bom: true,
    skip_empty_lines: true,
    // Each record is handled here, as soon as it is parsed, so that the line counter stays in step
    // even when a later record turns out malformed; nothing is passed on down the stream.
    on_record: (record: string[], info) => {
      const line = lines.advance(info.bytes);
      if (header === undefined) header = new Header(record, line);
      else if (record.some((cell) => cell !== '')) {
        const { list, object } = header.objectOf(record, line);
        upload.body[list].push(object);
        upload.lines[list].push(line);
      }
      return null;
    },
  });
  try {
    await finished(parser.resume());
  } catch (err) {
    if (err instanceof CsvError) {
      const problem = syntaxProblem(err, header?.width);
      throw new ValidationError(`CSV line ${lines.nextRecordLine()}: ${problem}`);
    }
    throw err;
  }
  return upload;
}

function syntaxProblem(err: CsvError, headerWidth: number | undefined): string {
  switch (err.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const fields = (n: number) => `${n} ${n === 1 ? 'field' : 'fields'}`;
      const got = Array.isArray(err.record) ? fields(err.record.length) : 'a number of fields';
      const expected = headerWidth === undefined ? 'another number' : `${headerWidth}`;
      return `${got}, but the header has ${expected}`;
    }
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quoted field goes on after its closing quote (inside a quoted field, write a quote as "")';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field (quote the field, and write the quote as "")';
    default:
      return err.message;
  }
}

/**
 * What the header says about each column, and how a row becomes an object. Exported for the sync
 * CLI (src/sync-client), which reads CSV files as a stream with the same rules.
 */
export class Header {
  readonly width: number;
  /** Columns holding one value each. */
  private readonly scalars: Array<{ name: string; at: number }> = [];
  /** `name.0`, `name.1`, ... columns: positions in index order. */
  private readonly spreads: Array<{ name: string; at: number[] }> = [];
  /** Columns without a name: they must stay empty. */
  private readonly unnamed: number[] = [];

  constructor(names: string[], line: number) {
    this.width = names.length;
    const seen = new Set<string>();
    const spreads = new Map<string, Array<{ index: number; at: number }>>();
    names.forEach((raw, at) => {
      const name = raw.trim();
      if (name === '') {
        this.unnamed.push(at);
        return;
      }
      if (seen.has(name)) fail(line, `column '${name}' appears more than once in the header`);
      seen.add(name);
      const spread = SPREAD_COLUMN.exec(name);
      if (spread === null) this.scalars.push({ name, at });
      else {
        const base = spread[1]!;
        spreads.set(base, [...(spreads.get(base) ?? []), { index: Number(spread[2]), at }]);
      }
    });
    for (const [name, items] of spreads) {
      if (seen.has(name)) {
        fail(
          line,
          `column '${name}' and columns '${name}.0', '${name}.1', ... cannot both be given`,
        );
      }
      items.sort((a, b) => a.index - b.index);
      this.spreads.push({ name, at: items.map((item) => item.at) });
    }
  }

  objectOf(row: string[], line: number): { list: keyof CsvUpload['body']; object: CsvObject } {
    for (const at of this.unnamed) {
      if (row[at] !== '') fail(line, `column ${at + 1} has a value but no name in the header`);
    }
    const pairs: Array<[string, unknown]> = [];
    for (const { name, at } of this.scalars) {
      const text = row[at] ?? '';
      if (text !== '') pairs.push([name, cellValue(name, text)]);
    }
    for (const { name, at } of this.spreads) {
      const texts = at.map((i) => row[i] ?? '').filter((text) => text !== '');
      if (texts.length > 0) pairs.push([name, spreadValue(name, texts)]);
    }
    // fromEntries defines own properties: a `__proto__` column cannot reach the prototype.
    const object = Object.fromEntries(pairs);
    const isRelationship = RELATIONSHIP_END_COLUMNS.some((name) => Object.hasOwn(object, name));
    return { list: isRelationship ? 'relationships' : 'entities', object };
  }
}

/** Entity properties typed as strings: their cells stay text (a host named `123` keeps its name). */
const TEXT_COLUMNS = new Set(['displayName', 'owner']);

/** One non-empty cell. */
function cellValue(column: string, text: string): unknown {
  if (column.startsWith('_')) {
    return column === '_class' ? (jsonArrayOf(text) ?? text) : text;
  }
  if (TEXT_COLUMNS.has(column)) return text;
  return jsonArrayOf(text) ?? scalarOf(text);
}

/** The non-empty cells of `name.0`, `name.1`, ...: converted only when all convert alike. */
function spreadValue(column: string, texts: string[]): unknown[] {
  if (column.startsWith('_')) return texts;
  const values = texts.map(scalarOf);
  const kind = typeof values[0];
  return values.every((value) => typeof value === kind) ? values : texts;
}

function scalarOf(text: string): string | number | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  const number = JSON_NUMBER.exec(text);
  if (number === null) return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const isIntegerLiteral = number[1] === undefined && number[2] === undefined;
  if (isIntegerLiteral && !Number.isSafeInteger(value)) return text;
  return value;
}

function jsonArrayOf(text: string): unknown[] | undefined {
  if (!text.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function fail(line: number, problem: string): never {
  throw new ValidationError(`CSV line ${line}: ${problem}`);
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Physical line numbers by byte offset. csv-parse's own `lines` counts a CRLF inside a quoted
 * field twice, so lines are counted here: CRLF, CR and LF each end one line.
 */
class LineCounter {
  private offset = 0;
  private line = 1;
  private afterCR = false;

  constructor(private readonly bytes: Buffer) {}

  /** Moves to `end` (the end of a record); returns the line where that record starts. */
  advance(end: number): number {
    let start: number | undefined;
    for (; this.offset < end; this.offset++) {
      const byte = this.bytes[this.offset]!;
      if (byte === LF) {
        if (!this.afterCR) this.line++;
        this.afterCR = false;
      } else if (byte === CR) {
        this.line++;
        this.afterCR = true;
      } else {
        this.afterCR = false;
        start ??= this.line;
      }
    }
    return start ?? this.line;
  }

  /** Where the record after the last one advanced over starts (e.g. a malformed one). */
  nextRecordLine(): number {
    let line = this.line;
    let afterCR = this.afterCR;
    for (let i = this.offset; i < this.bytes.length; i++) {
      const byte = this.bytes[i];
      if (byte === LF) {
        if (!afterCR) line++;
        afterCR = false;
      } else if (byte === CR) {
        line++;
        afterCR = true;
      } else return line;
    }
    return line;
  }
}
