// `npm run lint:self-contained`: the repository builds and tests itself with nothing beside it, so
// no tracked file may point at the sibling directory it once read fixtures and specs from: neither
// a relative path such as `../shared/...` nor a path join that climbs out of the repository root
// to it (`path.join(repoRoot, '..', 'shared')`). Fails naming file:line for each mention. The
// fixtures live in test/fixtures (test/helpers/fixtures.ts). This file is not checked: it has to
// name what it looks for.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const SIBLING = 'shared';

// `..` segments (as one literal, `'..'`, `'../..'`, or several literals) followed by a literal
// that starts with the sibling's name: a join out of the root to it, possibly across lines.
const quote = `['"\`]`;
const up = `${quote}\\.\\.(?:[\\\\/]\\.\\.)*[\\\\/]?${quote}`;
const PATTERNS = [
  // A relative path climbing to it, in any text: ../shared, ../../shared/spec, ..\shared.
  new RegExp(`\\.\\.[\\\\/]+${SIBLING}\\b`, 'g'),
  // A join of literals: '..', 'shared' / '../..', "shared/corpus".
  new RegExp(
    `${up}(?:\\s*,\\s*${up})*\\s*,\\s*${quote}${SIBLING}(?:[\\\\/${quote.slice(1, -1)}])`,
    'g',
  ),
];

/** Offsets of the line starts of `text`, for turning a match's offset into a line number. */
function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && path.resolve(root, f) !== self);

const problems = [];
for (const file of files) {
  const full = path.join(root, file);
  let buf;
  try {
    if (!fs.statSync(full).isFile()) continue;
    buf = fs.readFileSync(full);
  } catch {
    continue; // tracked but deleted in the working tree
  }
  if (buf.includes(0)) continue; // binary
  const text = buf.toString('utf8');
  const starts = lineStarts(text);
  const seen = new Set();
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const line = lineOf(starts, m.index);
      if (seen.has(line)) continue;
      seen.add(line);
      const shown = text.slice(starts[line - 1], starts[line] ?? text.length).trimEnd();
      problems.push({ file, line, shown });
    }
  }
}

problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
for (const p of problems) console.error(`${p.file}:${p.line}: ${p.shown.trim()}`);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} mention(s) of a path outside the repository (../${SIBLING}): ` +
      'the repository must build and test with nothing beside it; keep data in test/fixtures.',
  );
  process.exit(1);
}
console.log(`self-contained: ${files.length} tracked files, none points outside the repository`);
