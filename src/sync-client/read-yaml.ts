import type { Readable } from 'node:stream';
import { Composer, LineCounter, Parser } from 'yaml';
import { InputError, isPlainObject, type SourceObject } from './source-object';

/** As the API reads YAML uploads (src/sync/intake/yaml-upload.ts): aliases are capped. */
const MAX_YAML_ALIASES = 100;

/**
 * YAML: one or more documents (`---`), each a mapping with `entities` and/or `relationships`, read
 * with the YAML 1.2 core schema like the API. The limit: the file's text is read whole (the yaml
 * library parses from a string), then one document at a time is turned into objects; a large
 * graph is better sent as JSON lines or CSV, which stream.
 */
export async function* readYaml(text: Readable, file: string): AsyncGenerator<SourceObject> {
  const chunks: Buffer[] = [];
  for await (const chunk of text) chunks.push(chunk as Buffer);
  const source = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  chunks.length = 0;
  const lineCounter = new LineCounter();
  const composer = new Composer({ schema: 'core', uniqueKeys: true, logLevel: 'silent' });
  let number = 0;
  for (const doc of composer.compose(new Parser(lineCounter.addNewLine).parse(source))) {
    number++;
    const problem = doc.errors[0];
    if (problem !== undefined) {
      const line = lineCounter.linePos(problem.pos[0]).line;
      throw new InputError(`${file}: YAML line ${line}: ${problem.message}`);
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
    } catch (err) {
      throw new InputError(`${file}: YAML document ${number}: ${(err as Error).message}`);
    }
    if (value === null || value === undefined) continue;
    yield* objectsOf(value, file, number);
  }
}

function* objectsOf(value: unknown, file: string, doc: number): Generator<SourceObject> {
  const where = (list: string, index: number) =>
    doc === 1 ? `${list}[${index}]` : `document ${doc} ${list}[${index}]`;
  if (!isPlainObject(value)) {
    throw new InputError(
      `${file}: YAML document ${doc} must be a mapping with entities and/or relationships`,
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== 'entities' && key !== 'relationships') {
      throw new InputError(
        `${file}: YAML document ${doc} has '${key}'; only entities and relationships are read`,
      );
    }
  }
  for (const list of ['entities', 'relationships'] as const) {
    const items = value[list];
    if (items === undefined || items === null) continue;
    if (!Array.isArray(items)) throw new InputError(`${file}: ${list} must be a list`);
    for (const [index, item] of items.entries()) {
      if (!isPlainObject(item)) {
        throw new InputError(`${file} ${where(list, index)}: must be a mapping`);
      }
      const kind = list === 'entities' ? 'entity' : 'relationship';
      yield { kind, object: item, where: where(list, index), file };
    }
  }
}
