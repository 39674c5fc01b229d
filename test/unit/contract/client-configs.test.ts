import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/**
 * The java client's config maps the contract's scalar-or-list unions to Object (decision 0036):
 * openapi-generator's java oneOf classes with a list member do not compile, and its schema
 * mappings apply to named components only. So every such union is a component named in
 * clients/java.yaml, none is written inline, and the config names no schema the contract lacks.
 * The generated-clients test compiles the client; this names the cause in a second.
 */
type Schema = Record<string, unknown>;
const root = path.join(__dirname, '..', '..', '..');
const spec = YAML.parse(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const javaConfig = YAML.parse(fs.readFileSync(path.join(root, 'clients', 'java.yaml'), 'utf8')) as {
  schemaMappings?: Record<string, string>;
};

function hasListMember(schema: Schema): boolean {
  const members = schema.oneOf;
  return Array.isArray(members) && members.some((m) => (m as Schema).type === 'array');
}

/** JSON pointers of the unions with a list member, at any depth below `node`. */
function listUnions(node: unknown, at: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => listUnions(item, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const here = hasListMember(node as Schema) ? [at] : [];
  return [
    ...here,
    ...Object.entries(node).flatMap(([key, value]) => listUnions(value, `${at}/${key}`)),
  ];
}

describe('clients/java.yaml and the contract', () => {
  const schemas = spec.components.schemas;
  const mapped = javaConfig.schemaMappings ?? {};

  it('maps every component that is a union with a list member to Object', () => {
    const unions = Object.keys(schemas).filter((name) => hasListMember(schemas[name]!));
    assert.ok(unions.includes('EntityClasses'), 'no such union found: the test finds none');
    assert.deepEqual(
      unions.filter((name) => mapped[name] !== 'java.lang.Object'),
      [],
    );
  });

  it('writes no such union inline, where the mapping cannot reach it', () => {
    const inline = listUnions(spec, '#').filter(
      (at) => !/^#\/components\/schemas\/[^/]+$/.test(at),
    );
    assert.deepEqual(inline, []);
  });

  it('maps no schema the contract does not have', () => {
    assert.deepEqual(
      Object.keys(mapped).filter((name) => !(name in schemas)),
      [],
    );
  });
});
