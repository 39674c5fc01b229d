import { LineCounter, parseAllDocuments } from 'yaml';
import { ValidationError } from '../../errors/app-error';

/**
 * A YAML upload: one document holding a mapping, read with the YAML 1.2 core schema, so that it
 * means what the same structure means in JSON (`yes` stays a string, there are no dates). Aliases
 * are capped: a few nested anchors could otherwise expand into billions of nodes.
 */
export const MAX_YAML_ALIASES = 100;

export function parseYamlUpload(text: string): Record<string, unknown> {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, {
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
    logLevel: 'silent',
    lineCounter,
  });
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  if (docs.length > 1) {
    fail(`YAML line ${lineOf(docs[1]!.range[0])}: only one document is allowed in an upload`);
  }
  const doc = docs[0];
  const problem = doc?.errors[0];
  if (problem !== undefined) fail(`YAML line ${lineOf(problem.pos[0])}: ${problem.message}`);
  let value: unknown;
  try {
    value = doc?.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (err) {
    // toJS throws a ReferenceError for an alias bomb, and for an alias of an unknown anchor.
    if (err instanceof Error) fail(`YAML: ${err.message}`);
    throw err;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('The YAML document must be a mapping with entities and/or relationships');
  }
  return value as Record<string, unknown>;
}

function fail(message: string): never {
  throw new ValidationError(message);
}
