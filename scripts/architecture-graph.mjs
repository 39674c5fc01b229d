// The folder-level import graph of src/ as a Mermaid diagram, grouped by layer
// (scripts/layers.cjs), for docs/architecture.md:
//
//   node scripts/architecture-graph.mjs            print the diagram
//   node scripts/architecture-graph.mjs --write    replace it in docs/architecture.md
//   node scripts/architecture-graph.mjs --check    exit 1 when the document's copy is stale
//
// Imports are read by dependency-cruiser with the rules' own options (.dependency-cruiser.cjs);
// arrows into the base layer are left out (every folder may use it, and they would hide the rest).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runDocBlock } from './doc-block.mjs';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { LAYERS } = require('./layers.cjs');
const DOC = path.join(root, 'docs', 'architecture.md');
const START = '<!-- folder-graph:start (node scripts/architecture-graph.mjs --write) -->';
const END = '<!-- folder-graph:end -->';

async function folderEdges() {
  const config = require(path.join(root, '.dependency-cruiser.cjs'));
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['src'], {
      ...config.options,
      collapse: '^src/[^/]+',
      outputType: 'json',
    });
    const output = JSON.parse(result.output);
    const edges = new Set();
    for (const mod of output.modules) {
      for (const dep of mod.dependencies) {
        if (dep.resolved !== mod.source && dep.resolved.startsWith('src/')) {
          edges.add(`${entry(mod.source)} ${entry(dep.resolved)}`);
        }
      }
    }
    return [...edges].sort().map((e) => e.split(' '));
  } finally {
    process.chdir(cwd);
  }
}

const entry = (source) => source.replace(/^src\//, '');
const id = (name) => `f_${name.replace(/\W/g, '_')}`;

export async function diagram() {
  const base = new Set(LAYERS[0][1]);
  const lines = ['```mermaid', 'flowchart BT'];
  for (const [layer, entries] of LAYERS) {
    lines.push(`  subgraph ${layer}`);
    for (const name of entries) lines.push(`    ${id(name)}["${name}"]`);
    lines.push('  end');
  }
  for (const [from, to] of await folderEdges()) {
    if (!base.has(to)) lines.push(`  ${id(from)} --> ${id(to)}`);
  }
  lines.push('```');
  return lines.join('\n');
}

runDocBlock({
  doc: DOC,
  start: START,
  end: END,
  block: await diagram(),
  what: 'the folder graph',
  script: 'scripts/architecture-graph.mjs',
  pad: '\n',
});
