// `npm run lint:self-contained`: the repository builds, tests and explains itself with nothing
// beside it. Fails, naming file:line, when a tracked file
// - points at the sibling directory it once read fixtures and specs from (SIBLING below): a
//   relative path climbing up one or more levels to it, a path join that climbs out of the root to it
//   (`path.join(repoRoot, '..', 'shared')`), or a path into its spec or corpus folder;
// - names a Markdown file that the repository does not have (no tracked file has that base name),
//   such as the specification files the project was built from: a reader cannot open them, so
//   what they said belongs in the guides (docs/guide/) or a decision record (docs/decisions/);
// - cites a numbered section of j1ql.md or rules.md (`j1ql.md 3.1`, `j1ql.md §2`, `rules.md
//   section 4`): the guides of those names have no numbered sections, so the number is one of the
//   outside file of the same name; cite a guide's heading instead (docs/guide/j1ql.md, "RETURN").
// Web addresses are not checked (a README.md on GitHub is a public page). The fixtures live in
// test/fixtures (test/helpers/fixtures.ts). This file is not checked: it has to name what it
// looks for.
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
const SIBLING_PATTERNS = [
  // A relative path climbing to it, in any text: `..` then a slash or backslash then SIBLING,
  // at any depth (also `../..` before it, or a subfolder after it).
  new RegExp(`\\.\\.[\\\\/]+${SIBLING}\\b`, 'g'),
  // A join of literals: '..', 'shared' / '../..', "shared/corpus".
  new RegExp(
    `${up}(?:\\s*,\\s*${up})*\\s*,\\s*${quote}${SIBLING}(?:[\\\\/${quote.slice(1, -1)}])`,
    'g',
  ),
  // Its spec or corpus folder by any other path: /work/shared/spec/j1ql.md, shared/corpus.
  new RegExp(`(?<![\\w.-])${SIBLING}[\\\\/]+(?:spec|corpus)\\b`, 'g'),
];

// A Markdown file name, alone or at the end of a path: alert-rules.md, docs/guide/j1ql.md.
const MARKDOWN_NAME = /(?<![\w.-])\w[\w.-]*\.md(?![\w-])/gi;

// j1ql.md or rules.md (not alert-rules.md), then a section number, which may be led by `§` or
// `section(s)`: on the same line, or on the next line of a wrapped comment (after its `*` or `//`).
// A bare number on the next line of prose is not one (`rules.md` ending item 1 of a list, `2.`
// starting the next), so there the `§` or `section` is needed.
const SECTION_MARK = '(?:§[ \\t]*|sections?[ \\t]+)';
const NUMBERED_SECTION = new RegExp(
  '(?<![\\w.-])(?:j1ql|rules)\\.md,?(?:' +
    `[ \\t]*${SECTION_MARK}?\\d` + // j1ql.md 3.1, j1ql.md §2, j1ql.md, section 4
    `|[ \\t]*\\n[ \\t]*(?:\\*|\\/\\/)[ \\t]*${SECTION_MARK}?\\d` + // (j1ql.md\n * 3.1)
    `|[ \\t]*\\n[ \\t]*${SECTION_MARK}\\d` + // (j1ql.md\n  section 4)
    ')(?:[\\d.-]*\\d)?',
  'gi',
);

// Markdown names that may be mentioned although no tracked file has them. Keep this short and say
// why each is here.
const ALLOWED_MARKDOWN_NAMES = [
  // One-letter names (a.md, docs/x.md): made-up files in the unit tests of the doc-example runner
  // (test/unit/helpers/doc-examples.test.ts).
  /^[a-z]\.md$/i,
];

// Web addresses, whose Markdown names are public pages, not files of this repository.
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>)\]]+/gi;

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

/** [start, end) of every web address in `text`. */
function urlSpans(text) {
  return [...text.matchAll(URL)].map((m) => [m.index, m.index + m[0].length]);
}

function inSpans(spans, offset) {
  return spans.some(([start, end]) => offset >= start && offset < end);
}

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && path.resolve(root, f) !== self);
const trackedNames = new Set(files.map((f) => path.posix.basename(f).toLowerCase()));

/** Every mention in `text` that makes the repository depend on something outside it. */
function* mentions(text) {
  for (const pattern of SIBLING_PATTERNS) {
    for (const m of text.matchAll(pattern)) yield { kind: 'sibling', index: m.index };
  }
  const urls = urlSpans(text);
  for (const m of text.matchAll(MARKDOWN_NAME)) {
    const name = m[0].toLowerCase();
    if (trackedNames.has(name) || inSpans(urls, m.index)) continue;
    if (ALLOWED_MARKDOWN_NAMES.some((allowed) => allowed.test(name))) continue;
    yield { kind: 'markdown', index: m.index, what: m[0] };
  }
  for (const m of text.matchAll(NUMBERED_SECTION)) {
    if (!inSpans(urls, m.index)) yield { kind: 'section', index: m.index, what: m[0] };
  }
}

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
  for (const { kind, index, what } of mentions(text)) {
    const line = lineOf(starts, index);
    const key = `${kind} ${line} ${what ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const shown = text.slice(starts[line - 1], starts[line] ?? text.length).trim();
    problems.push({ kind, file, line, shown, what });
  }
}

const EXPLAIN = {
  sibling:
    `mention(s) of a path outside the repository (../${SIBLING}, ${SIBLING}/spec): the repository ` +
    'must build and test with nothing beside it; keep data in test/fixtures.',
  markdown:
    'mention(s) of a Markdown file the repository does not have: a reader cannot open it; cite ' +
    'a guide (docs/guide/) or a decision (docs/decisions/), or say the rule in a few words.',
  section:
    'citation(s) of a numbered section of j1ql.md or rules.md: the guides have no numbered ' +
    'sections; name the heading instead (docs/guide/j1ql.md, "RETURN").',
};

problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
for (const p of problems) {
  const named = p.what === undefined ? '' : ` [${p.what.replace(/\s+/g, ' ')}]`;
  console.error(`${p.file}:${p.line}:${named} ${p.shown}`);
}
if (problems.length > 0) {
  console.error('');
  for (const [kind, explanation] of Object.entries(EXPLAIN)) {
    const count = problems.filter((p) => p.kind === kind).length;
    if (count > 0) console.error(`${count} ${explanation}`);
  }
  process.exit(1);
}
console.log(
  `self-contained: ${files.length} tracked files, none points outside the repository or cites ` +
    'a file it does not have',
);
