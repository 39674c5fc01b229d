// The table of every account operation and the key roles it accepts, for docs/security.md, read
// from openapi.yaml by the service's own route table (src/http/route-table.ts), so that the
// document shows exactly what the service enforces:
//
//   node scripts/roles-table.mjs            print the table
//   node scripts/roles-table.mjs --write    replace it in docs/security.md
//   node scripts/roles-table.mjs --check    exit 1 when the document's copy is stale
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDocBlock } from './doc-block.mjs';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(root, 'docs', 'security.md');
const START = '<!-- roles-table:start (node scripts/roles-table.mjs --write) -->';
const END = '<!-- roles-table:end -->';

export async function table() {
  const { RouteTable } = await tsImport('../src/http/route-table.ts', import.meta.url);
  const { KEY_ROLES } = await tsImport('../src/accounts/key-roles.ts', import.meta.url);
  const routes = RouteTable.fromFile(path.join(root, 'openapi.yaml'));
  const ops = routes.operations.filter((o) => o.access === 'account');
  const mark = (op, role) => (op.roles.includes(role) ? 'yes' : '');
  const lines = markdownTable([
    ['operation', 'method and path', ...KEY_ROLES],
    ...ops.map((op) => [
      `\`${op.operationId}\``,
      `\`${op.method.toUpperCase()} ${op.path}\``,
      ...KEY_ROLES.map((r) => mark(op, r)),
    ]),
  ]);
  const counts = KEY_ROLES.map(
    (r) => `\`${r}\` ${ops.filter((op) => op.roles.includes(r)).length}`,
  ).join(', ');
  lines.push('', `${ops.length} operations take an account key; each role opens: ${counts}.`);
  return lines.join('\n');
}

/** Rows of cells as a Markdown table, its columns padded to one width (as prettier lays it out). */
function markdownTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(3, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `:${'-'.repeat(w - 2)}:`)).join(' | ')} |`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)];
}

runDocBlock({
  doc: DOC,
  start: START,
  end: END,
  block: await table(),
  what: 'the roles table',
  script: 'scripts/roles-table.mjs',
  pad: '\n\n',
});
