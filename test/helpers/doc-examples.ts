import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The pieces of test/e2e/doc-examples.test.ts (which states the convention): finding the fenced
 * blocks of a markdown file, checking its json blocks, turning its sh blocks into one bash script,
 * and running that script. Kept apart from the test so that test/unit/helpers/doc-examples.test.ts
 * can check them on small inline documents.
 */

/** The URL the examples are written against; replaced by the service's real URL. */
export const DOC_URL = 'http://127.0.0.1:8080';

export interface FencedBlock {
  /** The info string after the opening fence, trimmed ('' when there is none). */
  info: string;
  /** The info string's first word: `sh` for an opening fence written as "```sh title". */
  lang: string;
  /** 1-based line number of the opening fence. */
  line: number;
  /** The lines between the fences, without the opening fence's indentation. */
  lines: string[];
  /** False when the document ended before the closing fence. */
  closed: boolean;
  /**
   * For an sh block directly followed (nothing but blank lines between) by a ```text block: that
   * block's lines, the output the example must print.
   */
  expected?: string[];
}

const OPENING = /^( *)(`{3,}|~{3,})(.*)$/;

/**
 * The fenced code blocks of a markdown document, in order. A fence is three or more backticks or
 * tildes; the block ends at a line holding only a fence of the same character at least as long
 * (so a ````markdown block may show ```sh blocks inside it without them counting). A backtick
 * fence's info string may not contain a backtick (such a line is inline code, not a fence).
 * Fences may be indented (as in list items); fences inside block quotes are not recognised.
 */
export function extractFencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: FencedBlock[] = [];
  const closedAt = new Map<FencedBlock, number>();
  let open: { block: FencedBlock; char: string; length: number; indent: number } | undefined;
  lines.forEach((text, index) => {
    if (open !== undefined) {
      const close = /^ *(`{3,}|~{3,}) *$/.exec(text);
      if (close !== null && close[1]![0] === open.char && close[1]!.length >= open.length) {
        open.block.closed = true;
        closedAt.set(open.block, index);
        open = undefined;
      } else {
        const indent = /^ */.exec(text)![0].length;
        open.block.lines.push(text.slice(Math.min(indent, open.indent)));
      }
      return;
    }
    const m = OPENING.exec(text);
    if (m === null) return;
    const [, indent, fence, rest] = m as unknown as [string, string, string, string];
    if (fence[0] === '`' && rest.includes('`')) return;
    const info = rest.trim();
    const block: FencedBlock = {
      info,
      lang: info.split(/\s+/)[0]!,
      line: index + 1,
      lines: [],
      closed: false,
    };
    blocks.push(block);
    open = { block, char: fence[0]!, length: fence.length, indent: indent.length };
  });
  blocks.forEach((block, i) => {
    const next = blocks[i + 1];
    const end = closedAt.get(block);
    if (block.lang !== 'sh' || next?.lang !== 'text' || end === undefined) return;
    const between = lines.slice(end + 1, next.line - 1);
    if (between.every((l) => l.trim() === '')) block.expected = next.lines;
  });
  return blocks;
}

/**
 * Where an example's output differs from the ```text block shown after it: each non-blank line
 * of that block must appear, in order, as a line of the output the example printed (between its
 * marker and the next one). `...` in an expected line stands for any text (an id, a time).
 */
export function outputProblems(name: string, examples: FencedBlock[], output: string): string[] {
  const lines = output.split('\n');
  const problems: string[] = [];
  for (const block of examples) {
    if (block.expected === undefined) continue;
    const start = lines.indexOf(`>>> ${name}:${block.line}`);
    if (start < 0) continue; // the script failed before this block; that failure is reported
    const end = lines.findIndex((l, i) => i > start && l.startsWith('>>> '));
    const printed = lines.slice(start + 1, end < 0 ? undefined : end).map((l) => l.trim());
    let at = 0;
    for (const want of block.expected.map((l) => l.trim()).filter((l) => l !== '')) {
      const pattern = new RegExp(
        `^${want
          .split('...')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
      const found = printed.findIndex((l, i) => i >= at && pattern.test(l));
      if (found < 0) {
        problems.push(
          `${name}:${block.line}: the example's output lacks the line \`${want}\` that the text block after it shows; it printed:\n${printed.join('\n')}`,
        );
        break;
      }
      at = found + 1;
    }
  }
  return problems;
}

/** A markdown file whose examples the test runs. */
export interface DocFile {
  /** The name used in test titles and messages: relative to the repository when inside it. */
  name: string;
  path: string;
  /**
   * The front door (the repository's README.md, or a README.md outside the repository given in
   * DOC_EXAMPLES_FILES): its examples define URL and KEY themselves; other files get them exported.
   */
  frontDoor: boolean;
}

function docFile(root: string, file: string): DocFile {
  const abs = path.resolve(root, file);
  const rel = path.relative(root, abs);
  const inside = !rel.startsWith('..') && !path.isAbsolute(rel);
  const name = inside ? rel.split(path.sep).join('/') : abs;
  const frontDoor = path.basename(abs) === 'README.md' && (inside ? name === 'README.md' : true);
  return { name, path: abs, frontDoor };
}

/**
 * README.md, then every docs/**\/*.md in sorted order; or, when `override` (DOC_EXAMPLES_FILES)
 * is set, the files it lists (comma- or whitespace-separated, relative to the repository or
 * absolute), in its order.
 */
export function docFilesToRun(root: string, override?: string): DocFile[] {
  if (override !== undefined && override.trim() !== '') {
    return override
      .split(/[,\s]+/)
      .filter((f) => f !== '')
      .map((f) => docFile(root, f));
  }
  const docsDir = path.join(root, 'docs');
  const docs = fs.existsSync(docsDir)
    ? fs
        .readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f.split(path.sep).join('/')}`)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    : [];
  return ['README.md', ...docs].map((f) => docFile(root, f));
}

const UNTESTED_SHELL_LABELS = new Set(['bash', 'console', 'zsh', 'shell-session', 'sh-session']);

/**
 * What must hold of a file's blocks whether or not it has examples: every fence is closed, every
 * json block parses, and no shell block hides under a label that is neither `sh` nor `shell`.
 * Each problem names file:line.
 */
export function blockProblems(name: string, blocks: FencedBlock[]): string[] {
  const problems: string[] = [];
  for (const b of blocks) {
    if (!b.closed) problems.push(`${name}:${b.line}: this fenced block is never closed`);
    // Other shell-like labels would look like examples to a reader but never run.
    if (UNTESTED_SHELL_LABELS.has(b.lang))
      problems.push(
        `${name}:${b.line}: a \`\`\`${b.lang} block is neither run nor marked as an instruction: use \`\`\`sh (an example the test runs) or \`\`\`shell (an instruction)`,
      );
    if (b.lang !== 'json') continue;
    const text = b.lines.join('\n');
    try {
      JSON.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      const at = /at position (\d+)/.exec(message);
      const where =
        at === null
          ? ''
          : `, at ${name}:${b.line + 1 + text.slice(0, Number(at[1])).split('\n').length - 1}`;
      problems.push(`${name}:${b.line}: the json block is not valid JSON (${message}${where})`);
    }
  }
  return problems;
}

/** The examples of a file: its sh blocks. */
export function examplesOf(blocks: FencedBlock[]): FencedBlock[] {
  return blocks.filter((b) => b.lang === 'sh');
}

/** `value` as one bash word. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const EXPECT = /^(.*?)\s+#\s*expect\s+(\d{3})\s*$/;
/** `curl` where bash reads a command name: line start, or after | ; & ( (so also `$(curl`). */
const CURL_COMMAND = /(^|[|;&(])(\s*)curl(?=\s|$)/g;

/**
 * Commands an example may not run: they would change the shared checkout, start a second service
 * or block until the time limit. The convention puts them in ```shell blocks.
 */
const NOT_AN_EXAMPLE =
  /(?:^|[|;&(])\s*(?:\w+=\S*\s+)*((?:npm|pnpm|yarn)\s+(?:install|i|ci|start|test|run)\b|docker(?:-compose)?\b|(?:npx\s+)?graphsync\s+(?:serve|worker)\b|node\s+scripts\/start\.js)/;

/**
 * One line of an sh block as the script runs it: the documented URL replaced by the real one, and
 * a command ending with `# expect NNN` turned into `expect_status NNN <curl's arguments>` (which
 * checks the status instead of failing on any HTTP error). Throws when `# expect` is misused or
 * the line runs a command that belongs in a ```shell block.
 */
export function rewriteLine(line: string, url: string, previous?: string): string {
  const forbidden = NOT_AN_EXAMPLE.exec(line);
  if (forbidden !== null) {
    throw new Error(
      `\`${forbidden[1]!.replace(/\s+/g, ' ')}\` cannot run as an example: show it in a \`\`\`shell block`,
    );
  }
  const text = line.split(DOC_URL).join(url);
  const m = EXPECT.exec(text);
  if (m === null) return text;
  const [, command, status] = m as unknown as [string, string, string];
  if (previous !== undefined && /\\\s*$/.test(previous)) {
    throw new Error('`# expect` must end a command written on one line (no `\\` before it)');
  }
  const curls = [...command.matchAll(CURL_COMMAND)];
  if (curls.length !== 1) {
    throw new Error(
      curls.length === 0
        ? '`# expect` must end a line that runs curl'
        : '`# expect` must end a line that runs curl once',
    );
  }
  return command.replace(CURL_COMMAND, `$1$2expect_status ${status}`);
}

/** The start of every script: strict bash, the curl wrapper, the `# expect` check, error report. */
export const PRELUDE = `set -euo pipefail
shopt -s inherit_errexit
exec 2>&1
# Every curl of an example fails on an HTTP error status and shows the response.
curl() { command curl --fail-with-body -sS "$@"; }
# A command ending with "# expect NNN": its response must have exactly that status.
expect_status() {
  local want=$1 got body
  shift
  body=$(mktemp)
  got=$(command curl -sS -o "$body" -w '%{http_code}' "$@")
  cat "$body"
  if [[ -s $body && -n $(tail -c 1 "$body") ]]; then echo; fi
  rm -f "$body"
  if [[ $got != "$want" ]]; then
    echo "expected HTTP $want, got HTTP $got"
    return 1
  fi
}
# On failure, name the block and the line of the last command started in it. (A DEBUG trap is not
# run inside functions, and lines outside the current block, such as the EXIT trap's, are skipped.)
__doc_file='' __doc_block=0 __doc_from=0 __doc_to=0 __doc_line=0
trap '((LINENO < __doc_from || LINENO > __doc_to)) || __doc_line=$LINENO' DEBUG
trap '__doc_rc=$?
if ((__doc_rc != 0)); then
  if ((__doc_line >= __doc_from)); then
    echo; echo "!!! $__doc_file:$((__doc_block + 1 + __doc_line - __doc_from)) (in the sh block at $__doc_file:$__doc_block) exited with status $__doc_rc"
  else
    echo; echo "!!! the sh block at $__doc_file:$__doc_block exited with status $__doc_rc"
  fi
fi' EXIT
`;

export interface Script {
  text: string;
  /** Misuses of the convention found while writing the script, each naming file:line. */
  problems: string[];
}

/**
 * The bash script that runs a file's examples in order: the prelude, the `exports`, then per block
 * a marker line naming file:line and the block's lines (rewritten by rewriteLine). Each block
 * line keeps its own script line, so a failing command is traced back to its markdown line.
 */
export function buildScript(input: {
  name: string;
  examples: FencedBlock[];
  url: string;
  exports?: Record<string, string>;
}): Script {
  const out = PRELUDE.split('\n');
  if (out[out.length - 1] === '') out.pop();
  const problems: string[] = [];
  const exports = Object.entries(input.exports ?? {});
  if (exports.length > 0) {
    out.push(`export ${exports.map(([k, v]) => `${k}=${shellQuote(v)}`).join(' ')}`);
  }
  for (const block of input.examples) {
    const where = `${input.name}:${block.line}`;
    const from = out.length + 3; // the script line (1-based) of the block's first line
    out.push(`echo ${shellQuote(`>>> ${where}`)}`);
    out.push(
      `__doc_file=${shellQuote(input.name)} __doc_block=${block.line} __doc_from=${from} __doc_to=${from + block.lines.length - 1}`,
    );
    block.lines.forEach((line, i) => {
      try {
        out.push(rewriteLine(line, input.url, block.lines[i - 1]));
      } catch (err) {
        problems.push(`${input.name}:${block.line + 1 + i}: ${(err as Error).message}`);
        out.push(line);
      }
    });
  }
  out.push('');
  return { text: out.join('\n'), problems };
}

export interface ScriptRun {
  /** The exit status, or null when killed. */
  code: number | null;
  timedOut: boolean;
  /** stdout and stderr together, in order. */
  output: string;
}

/** Runs `bash script` in its own process group, killing the group when it outlives `timeoutMs`. */
export function runScript(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timedOut = false;
    const collect = (d: Buffer): void => {
      output += d.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      killGroup(); // whatever an example left running in the background
      resolve({ code, timedOut, output });
    });
  });
}

/** The failure message of a run: which block failed, how, and the end of its output. */
export function describeFailure(
  name: string,
  run: ScriptRun,
  scriptPath: string,
  timeoutMs: number,
  tailLines = 60,
): string {
  const lines = run.output.replace(/\n$/, '').split('\n');
  const report = [...lines].reverse().find((l) => l.startsWith('!!! '));
  const marker = [...lines].reverse().find((l) => l.startsWith('>>> '));
  const what = run.timedOut
    ? `${marker?.slice(4) ?? name}: timed out after ${timeoutMs / 1000} s (the sh block starting there was running)`
    : (report?.slice(4) ??
      `${marker?.slice(4) ?? name}: the script exited with status ${String(run.code)}`);
  return [
    what,
    `--- last ${Math.min(tailLines, lines.length)} lines of output (script: ${scriptPath}) ---`,
    ...lines.slice(-tailLines),
  ].join('\n');
}
