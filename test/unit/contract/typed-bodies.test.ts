import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/**
 * The contract types every body (issue 21): no request or response body of the bundled
 * openapi.yaml is an object schema that says nothing about its fields (a bare `type: object`), and
 * every property of a body states its type, because generated clients otherwise offer `unknown`
 * or `{ [key: string]: any }` (or drop the field) where users need fields. A body may be a union
 * (oneOf / anyOf / allOf), an object with `properties` (or a typed map), an array or a scalar;
 * a property may also be an if/then/else whose two outcomes are typed, or say `x-any-value: true`
 * (any JSON value, stated, which generators type as any).
 */
type Schema = Record<string, unknown>;
const spec = YAML.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', '..', 'openapi.yaml'), 'utf8'),
) as Schema;

function resolve(node: Schema): Schema {
  let current = node;
  for (let i = 0; typeof current.$ref === 'string' && i < 20; i++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<Schema>(
      (at, segment) => at[segment.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema,
      spec,
    );
  }
  return current;
}

function isBare(schema: Schema): boolean {
  const s = resolve(schema);
  if (s.oneOf || s.anyOf || s.allOf) return false;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (!types.includes('object')) return false;
  const map = s.additionalProperties;
  const typedMap = typeof map === 'object' && map !== null && Object.keys(map).length > 0;
  return s.properties === undefined && s.patternProperties === undefined && !typedMap;
}

/** Every body schema: `<METHOD> <path> request|<status> <media type>`. */
function bodies(): Array<{ where: string; schema: Schema }> {
  const out: Array<{ where: string; schema: Schema }> = [];
  const content = (where: string, holder: Schema | undefined) => {
    const media = (resolve(holder ?? {}).content ?? {}) as Record<string, { schema?: Schema }>;
    for (const [type, { schema }] of Object.entries(media)) {
      if (schema !== undefined) out.push({ where: `${where} ${type}`, schema });
    }
  };
  for (const [p, item] of Object.entries(spec.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      const operation = op as Schema;
      const name = `${method.toUpperCase()} ${p}`;
      content(`${name} request`, operation.requestBody as Schema | undefined);
      for (const [status, response] of Object.entries(operation.responses as Schema)) {
        content(`${name} ${status}`, response as Schema);
      }
    }
  }
  return out;
}

/** Property schemas (at any depth, through refs, each once) that state no type at all. */
function untypedProperties(where: string, schema: Schema, seen = new Set<Schema>()): string[] {
  const s = resolve(schema);
  if (seen.has(s)) return [];
  seen.add(s);
  const out: string[] = [];
  // A conditional (`if`/`then`/`else`) is typed when both of its outcomes are: the form for a
  // value that is one thing or a list of it, which generators read as any value (decision 0036).
  const typed = (p: Schema): boolean => {
    const r = resolve(p);
    if (['type', 'oneOf', 'anyOf', 'allOf', 'enum', 'const'].some((k) => k in r)) return true;
    // Any JSON value, on purpose (read-only fields accepted and dropped, free-form values).
    if (r['x-any-value'] === true) return true;
    const outcome = (key: 'then' | 'else') =>
      typeof r[key] === 'object' && r[key] !== null && typed(r[key] as Schema);
    return 'if' in r && outcome('then') && outcome('else');
  };
  for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    if (!typed(prop)) out.push(`${where}: ${name}`);
    out.push(...untypedProperties(`${where}.${name}`, prop, seen));
  }
  for (const key of ['items', 'additionalProperties', 'then', 'else'] as const) {
    const sub = s[key];
    if (typeof sub === 'object' && sub !== null)
      out.push(...untypedProperties(where, sub as Schema, seen));
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const sub of (s[key] ?? []) as Schema[]) out.push(...untypedProperties(where, sub, seen));
  }
  return out;
}

describe('the contract types every body (openapi.yaml)', () => {
  it('finds the bodies it checks', () => {
    assert.ok(bodies().length > 100, `only ${bodies().length} bodies found`);
  });

  it('has no request or response body that is a bare `type: object`', () => {
    const bare = bodies()
      .filter((b) => isBare(b.schema))
      .map((b) => b.where);
    assert.deepEqual(bare, []);
  });

  it('gives every property of every body a type (the upload system fields among them)', () => {
    const seen = new Set<Schema>();
    const untyped = bodies().flatMap((b) => untypedProperties(b.where, b.schema, seen));
    assert.deepEqual(untyped, []);
  });

  // What openapi-generator 7 needs to emit clients that compile (the generated-clients suite is
  // the real check; these name the cause in a second instead of a failed compile in minutes).
  it('names `array` last in every list of types (typescript-fetch writes `string<any>` otherwise)', () => {
    const found: string[] = [];
    walk(spec, '#', (node, at) => {
      const type = node.type;
      if (Array.isArray(type) && type.includes('array') && type.at(-1) !== 'array') found.push(at);
    });
    assert.deepEqual(found, []);
  });

  it('has no object that takes nothing (`Record<string, never>` in the generated types)', () => {
    // An object schema with neither properties nor additionalProperties is `Record<string,
    // never>` to openapi-typescript: no value fits it, so the service's own types cannot be tied
    // to the contract there. A free-form object says `additionalProperties: true`.
    const generated = fs.readFileSync(
      path.join(__dirname, '..', '..', '..', 'src', 'generated', 'openapi.ts'),
      'utf8',
    );
    const lines = generated.split('\n').filter((line) => line.includes('Record<string, never>'));
    assert.deepEqual(
      lines.map((line) => line.trim()),
      [
        'export type webhooks = Record<string, never>;',
        'export type $defs = Record<string, never>;',
      ],
    );
  });

  it('puts no allOf beside a discriminator (typescript-fetch drops the branch imports)', () => {
    const found: string[] = [];
    walk(spec, '#', (node, at) => {
      if ('discriminator' in node && 'allOf' in node) found.push(at);
    });
    assert.deepEqual(found, []);
  });
});

/** Calls `visit` on every object of the document with its JSON pointer. */
function walk(node: unknown, at: string, visit: (node: Schema, at: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, `${at}/${i}`, visit));
  } else if (typeof node === 'object' && node !== null) {
    visit(node as Schema, at);
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`, visit);
  }
}
