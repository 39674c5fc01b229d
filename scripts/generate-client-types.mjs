// Generates the TypeScript types of openapi.yaml (openapi-typescript) into src/generated/openapi.ts:
// the request and response body types the service's handlers and services use (decision 0036),
// which are also what a client generated from the spec sees (the typed-client test compiles
// against the same file). `npm run bundle:openapi` runs it after bundling; `--check` only
// compares, and `npm run lint` fails when the file is stale.
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
  const generated = await generateClientTypes();
  const outputs = [path.join(root, 'src', 'generated', 'openapi.ts')];
  for (const out of outputs) {
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
}
