import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { loadServedContract } from '../../../src/http/served-contract';

/**
 * The contract shows an example of every payload: the documentation page (`GET /docs`, Swagger
 * UI) renders each operation's request bodies and success responses from their examples, so
 * every request body media type and every 2xx response media type of the bundled openapi.yaml
 * has one: `example` or `examples` on the media type, or on its schema (through `$ref`s).
 * Examples are checked against their schemas by Redocly (`no-invalid-media-type-examples`,
 * `no-invalid-schema-examples`, in `npm run lint`); this test checks that none is missing.
 */
type Node = Record<string, unknown>;
const openapiPath = path.join(__dirname, '..', '..', '..', 'openapi.yaml');
const spec = YAML.parse(fs.readFileSync(openapiPath, 'utf8')) as Node;

/**
 * Payloads without an example, on purpose: `<METHOD> <path> request|<status> <media type>`, each
 * with the reason none is meaningful.
 */
const NO_EXAMPLE: Record<string, string> = {
  'GET /docs/assets/{asset} 200 text/css':
    "swagger-ui-dist's minified style sheet, served byte for byte as the package ships it: an excerpt documents nothing",
};

function resolve(node: Node): Node {
  let current = node;
  for (let i = 0; typeof current.$ref === 'string' && i < 20; i++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<Node>(
      (at, segment) => at[segment.replace(/~1/g, '/').replace(/~0/g, '~')] as Node,
      spec,
    );
  }
  return current;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every request body and 2xx response media type: where it is and whether it has an example. */
function payloads(): Array<{ where: string; hasExample: boolean }> {
  const out: Array<{ where: string; hasExample: boolean }> = [];
  const content = (where: string, holder: Node | undefined) => {
    const media = (resolve(holder ?? {}).content ?? {}) as Record<string, Node>;
    for (const [type, mediaType] of Object.entries(media)) {
      const schema = mediaType.schema === undefined ? {} : resolve(mediaType.schema as Node);
      const hasExample = [mediaType, schema].some((n) => 'example' in n || 'examples' in n);
      out.push({ where: `${where} ${type}`, hasExample });
    }
  };
  for (const [p, item] of Object.entries(spec.paths as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = resolve(item)[method] as Node | undefined;
      if (operation === undefined) continue;
      const name = `${method.toUpperCase()} ${p}`;
      content(`${name} request`, operation.requestBody as Node | undefined);
      for (const [status, response] of Object.entries(operation.responses as Node)) {
        if (/^2/.test(status)) content(`${name} ${status}`, response as Node);
      }
    }
  }
  return out;
}

describe('the contract has an example of every payload (openapi.yaml)', () => {
  it('finds the request bodies and success responses it checks', () => {
    const all = payloads();
    assert.ok(all.filter((p) => p.where.includes(' request ')).length > 30, 'request bodies');
    assert.ok(all.length > 100, `only ${all.length} payloads found`);
  });

  it('gives every request body and 2xx response an example, but for the reasoned exceptions', () => {
    const missing = payloads()
      .filter((p) => !p.hasExample && NO_EXAMPLE[p.where] === undefined)
      .map((p) => p.where);
    assert.deepEqual(
      missing,
      [],
      `${missing.length} payloads without an example:\n  ${missing.join('\n  ')}`,
    );
  });

  it('lists no exception that has an example or does not exist (the list stays minimal)', () => {
    const all = new Map(payloads().map((p) => [p.where, p.hasExample]));
    const stale = Object.keys(NO_EXAMPLE).filter((where) => all.get(where) !== false);
    assert.deepEqual(stale, []);
  });

  it('shows the documentation page and docs.js exactly as the service serves them', () => {
    const served = loadServedContract(openapiPath);
    // The 200 example of GET <p> for one media type (the bundle holds these inline).
    const example = (p: string, type: string): unknown =>
      ['get', 'responses', '200', 'content', type, 'example'].reduce<Node>(
        (at, key) => (at[key] ?? {}) as Node,
        (spec.paths as Record<string, Node>)[p]!,
      );
    assert.equal(example('/docs', 'text/html'), served.docsPage.body.toString('utf8'));
    assert.equal(
      example('/docs/assets/{asset}', 'text/javascript'),
      served.assets.get('docs.js')?.body.toString('utf8'),
    );
  });
});
