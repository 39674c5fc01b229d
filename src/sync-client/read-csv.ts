import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ValidationError } from '../errors/app-error';
import { Header } from '../sync/intake/csv-upload';
import { InputError, type SourceObject } from './source-object';

/**
 * CSV, read as a stream with the API's own rules for CSV uploads (src/sync/intake/csv-upload.ts:
 * the header row, typed cells, `name.0` spread columns, a row with a relationship end column is a
 * relationship). The line named in messages is where csv-parse ends the record (the same as where
 * it starts unless a quoted field spans lines).
 */
export async function* readCsv(text: Readable, file: string): AsyncGenerator<SourceObject> {
  const parser = text.pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  text.on('error', (err) => parser.destroy(err));
  let header: Header | undefined;
  let lastLine = 1;
  try {
    for await (const chunk of parser) {
      const { record, info } = chunk as { record: string[]; info: { lines: number } };
      lastLine = info.lines;
      if (header === undefined) {
        header = new Header(record, info.lines);
        continue;
      }
      if (record.every((cell) => cell === '')) continue;
      const { list, object } = header.objectOf(record, info.lines);
      yield {
        kind: list === 'relationships' ? 'relationship' : 'entity',
        object,
        where: `line ${info.lines}`,
        file,
      };
    }
  } catch (err) {
    if (err instanceof ValidationError) throw new InputError(`${file}: ${err.message}`);
    if (err instanceof CsvError) {
      throw new InputError(`${file}: CSV after line ${lastLine}: ${err.message}`);
    }
    throw err;
  }
}
