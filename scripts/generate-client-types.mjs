// Generates test/generated/openapi.d.ts, the TypeScript types a client generated from openapi.yaml
// sees (openapi-typescript). The typed-client test compiles against it; a unit test checks that it
// matches openapi.yaml, so run `npm run generate:client-types` after changing the spec (`--check` only compares).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function generateClientTypes() {
  const spec = new URL(`file://${path.join(root, 'openapi.yaml')}`);
  const ast = await openapiTS(spec);
  return `// Generated from openapi.yaml by scripts/generate-client-types.mjs: do not edit.\n${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.join(root, 'test', 'generated', 'openapi.d.ts');
  const generated = await generateClientTypes();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
    if (current !== generated) {
      console.error(`${path.relative(root, out)} is stale: run npm run generate:client-types`);
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, generated);
    console.log(`wrote ${path.relative(root, out)}`);
  }
}
