// A block of a document generated from the code, between two marker comments: print it, write it
// into the document, or check that the document's copy is current (scripts/roles-table.mjs,
// scripts/architecture-graph.mjs).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs the command line of a generated block: no argument prints `block`; `--write` replaces the
 * text between `start` and `end` in `doc`; `--check` exits 1 when that text differs. `pad` is what
 * stands between a marker and the block ('\n' or '\n\n').
 */
export function runDocBlock({ doc, start, end, block, what, script, pad = '\n' }) {
  const mode = process.argv[2];
  if (mode === undefined) {
    console.log(block);
    return;
  }
  const text = fs.readFileSync(doc, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${doc} has no ${start} ... ${end} block`);
  const next = `${text.slice(0, from + start.length)}${pad}${block}${pad}${text.slice(to)}`;
  const shown = path.relative(process.cwd(), doc);
  if (mode === '--write') {
    fs.writeFileSync(doc, next);
  } else if (mode === '--check') {
    if (next !== text) {
      console.error(`${shown}: ${what} is stale; run node ${script} --write`);
      process.exitCode = 1;
    }
  } else {
    console.error(`usage: node ${script} [--write|--check]`);
    process.exitCode = 2;
  }
}
