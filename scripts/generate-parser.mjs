// Builds src/query/j1ql/parser.generated.ts from the grammar src/query/j1ql/j1ql.peggy (peggy).
// The generated file is committed so that neither the service nor its tests need peggy at run
// time; `npm run lint` runs this with `--check`, which fails when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import peggy from 'peggy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const grammarFile = path.join(root, 'src', 'query', 'j1ql', 'j1ql.peggy');
const out = path.join(root, 'src', 'query', 'j1ql', 'parser.generated.ts');

function generate() {
  const source = peggy.generate(fs.readFileSync(grammarFile, 'utf8'), {
    output: 'source',
    format: 'es',
    grammarSource: 'j1ql.peggy',
  });
  return `// @ts-nocheck\n/* eslint-disable */\n// Generated from j1ql.peggy by scripts/generate-parser.mjs: do not edit.\n${source}`;
}

const generated = generate();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  if (current !== generated) {
    console.error(`${path.relative(root, out)} is stale: run npm run generate:parser`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(out, generated);
  console.log(`wrote ${path.relative(root, out)}`);
}
