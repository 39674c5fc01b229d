import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  InputError,
  isPlainObject,
  kindOf,
  type ObjectKind,
  type SourceObject,
} from './source-object';

import type { parser as JsonParser } from 'stream-json/parser.js' with {
  'resolution-mode': 'import',
};
import type { Assembler } from 'stream-json/assembler.js' with { 'resolution-mode': 'import' };

type Token = JsonParser.Token;
type AssemblerClass = typeof Assembler;

/**
 * The value stream-chain's flushable functions (stream-json's tokenizer is one) are called with
 * at the end of the input, so that they emit what they still hold (a number at the very end).
 */
const FLUSH = Symbol.for('object-stream.none');

/**
 * JSON, read as a stream of tokens (stream-json's tokenizer, fed 256 kB of text at a time and run
 * synchronously over each chunk: no promise per token) and assembled one object at a time (its
 * Assembler), never the whole file. Two shapes: an upload body `{ "entities": [...],
 * "relationships": [...] }` (either list may be missing or null), or a plain array of objects, each
 * an entity or a relationship by kindOf. stream-json is an ES module, hence the dynamic import.
 */
export async function* readJson(text: Readable, file: string): AsyncGenerator<SourceObject> {
  const { jsonParser } = await import('stream-json/parser.js');
  const { Assembler } = await import('stream-json/assembler.js');
  const tokenize = jsonParser({ streamValues: false }) as unknown as (
    input: string | symbol,
  ) => unknown;
  const walker = new Walker(file, Assembler);
  const objectsOf = (input: string | symbol): SourceObject[] => {
    let tokens: unknown;
    try {
      tokens = tokenize(input);
    } catch (err) {
      throw new InputError(`${file}: not valid JSON (${(err as Error).message})`);
    }
    const found: SourceObject[] = [];
    const values = (tokens as { values?: Token[] } | undefined)?.values;
    for (const token of values ?? []) {
      const object = walker.take(token);
      if (object !== undefined) found.push(object);
    }
    return found;
  };
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of text) {
    let part = decoder.write(chunk as Buffer);
    if (first && part !== '') {
      // A byte order mark (Windows editors write one) is not part of the document.
      part = part.replace(/^\uFEFF/, '');
      first = false;
    }
    if (part !== '') yield* objectsOf(part);
  }
  const rest = decoder.end();
  if (rest !== '') yield* objectsOf(rest);
  yield* objectsOf(FLUSH);
  walker.end();
}

type State =
  | { at: 'start' }
  | { at: 'body' }
  | { at: 'value-of'; key: string }
  | { at: 'list'; list: 'entities' | 'relationships' | undefined; index: number }
  | { at: 'item'; list: 'entities' | 'relationships' | undefined; index: number }
  | { at: 'end' };

/** Follows the top of the document and hands the objects inside its lists to an Assembler. */
class Walker {
  private state: State = { at: 'start' };
  private assembler: InstanceType<AssemblerClass> | undefined;

  constructor(
    private readonly file: string,
    private readonly Assembler: AssemblerClass,
  ) {}

  take(token: Token): SourceObject | undefined {
    const state = this.state;
    switch (state.at) {
      case 'start':
        if (token.name === 'startObject') this.state = { at: 'body' };
        else if (token.name === 'startArray')
          this.state = { at: 'list', list: undefined, index: 0 };
        else this.fail('must hold an object with entities and/or relationships, or an array');
        return undefined;
      case 'body':
        if (token.name === 'endObject') this.state = { at: 'end' };
        else if (token.name === 'keyValue') this.state = { at: 'value-of', key: token.value };
        return undefined;
      case 'value-of':
        return this.listStart(state.key, token);
      case 'list':
        return this.itemStart(state, token);
      case 'item':
        return this.itemToken(state, token);
      case 'end':
        return undefined;
    }
  }

  end(): void {
    if (this.state.at !== 'end') this.fail('ends too early');
  }

  private listStart(key: string, token: Token): undefined {
    if (key !== 'entities' && key !== 'relationships') {
      this.fail(`has '${key}'; only entities and relationships are read`);
    }
    if (token.name === 'nullValue') this.state = { at: 'body' };
    else if (token.name === 'startArray') this.state = { at: 'list', list: key, index: 0 };
    else this.fail(`${key} must be an array`);
    return undefined;
  }

  private itemStart(state: Extract<State, { at: 'list' }>, token: Token): undefined {
    if (token.name === 'endArray') {
      this.state = state.list === undefined ? { at: 'end' } : { at: 'body' };
      return undefined;
    }
    if (token.name !== 'startObject') {
      this.fail(`${where(state.list, state.index)} must be an object`);
    }
    this.assembler = new this.Assembler();
    this.assembler.consume(token);
    this.state = { at: 'item', list: state.list, index: state.index };
    return undefined;
  }

  private itemToken(state: Extract<State, { at: 'item' }>, token: Token): SourceObject | undefined {
    const assembler = this.assembler!;
    assembler.consume(token);
    if (!assembler.done) return undefined;
    const object = assembler.current;
    this.assembler = undefined;
    this.state = { at: 'list', list: state.list, index: state.index + 1 };
    if (!isPlainObject(object)) return undefined;
    const kind: ObjectKind =
      state.list === undefined
        ? kindOf(object)
        : state.list === 'entities'
          ? 'entity'
          : 'relationship';
    return { kind, object, where: where(state.list, state.index), file: this.file };
  }

  private fail(problem: string): never {
    throw new InputError(`${this.file}: the JSON ${problem}`);
  }
}

function where(list: string | undefined, index: number): string {
  return `${list ?? ''}[${index}]`;
}
