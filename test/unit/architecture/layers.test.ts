import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The layer rule (.dependency-cruiser.cjs, scripts/layers.cjs; `npm run lint:layers`): a folder of
 * src/ imports only the layers below it, domain folders only those before them, adapters no
 * other adapter, and every folder belongs to a layer. These cases run the real rules over a small
 * tree written for the test, so a rule that stopped rejecting would fail here.
 */
interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

type Cruise = (
  files: string[],
  options: Record<string, unknown>,
) => Promise<{ output: { summary: { violations: Violation[] } } }>;

const root = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

async function violations(files: Record<string, string>): Promise<Violation[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // dependency-cruiser is an ES module; this test file is compiled to CommonJS.
    const { cruise } = (await import('dependency-cruiser')) as unknown as { cruise: Cruise };
    // The tree written here has no tsconfig.json.
    const options = { ...config.options };
    delete options.tsConfig;
    const result = await cruise(['src'], {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    return result.output.summary.violations;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const names = (found: Violation[]) => found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe('the layer rule (npm run lint:layers)', function () {
  this.timeout(30_000);

  it('rejects a domain folder importing an adapter', async () => {
    const found = await violations({
      'src/accounts/account.ts': "import { serve } from '../http/app';\nexport const a = serve;\n",
      'src/http/app.ts': 'export const serve = 1;\n',
    });
    assert.deepEqual(names(found), ['layer-domain: src/accounts/account.ts -> src/http/app.ts']);
  });

  it('rejects a domain folder importing one after it, and takes one before it', async () => {
    const found = await violations({
      'src/catalog/kinds.ts': "import { q } from '../query/q';\nexport const k = q;\n",
      'src/query/q.ts': "import { p } from '../model/p';\nexport const q = p;\n",
      'src/model/p.ts': 'export const p = 1;\n',
    });
    assert.deepEqual(names(found), [
      'domain-order-catalog: src/catalog/kinds.ts -> src/query/q.ts',
    ]);
  });

  it('rejects the base layer importing the domain, and one adapter importing another', async () => {
    const found = await violations({
      'src/errors/e.ts': "import { r } from '../rules/r';\nexport const e = r;\n",
      'src/rules/r.ts': 'export const r = 1;\n',
      'src/http/h.ts': "import { w } from '../queue/w';\nexport const h = w;\n",
      'src/queue/w.ts': "import { r } from '../rules/r';\nexport const w = r;\n",
    });
    assert.deepEqual(names(found).sort(), [
      'adapter-http: src/http/h.ts -> src/queue/w.ts',
      'layer-base: src/errors/e.ts -> src/rules/r.ts',
    ]);
  });

  it('rejects an import of a folder no layer names', async () => {
    const found = await violations({
      'src/http/h.ts': "import { x } from '../misc/x';\nexport const h = x;\n",
      'src/misc/x.ts': 'export const x = 1;\n',
    });
    assert.deepEqual(names(found), ['unknown-folder: src/http/h.ts -> src/misc/x.ts']);
  });

  it('counts a type-only import as an import', async () => {
    const found = await violations({
      'src/graph/g.ts': "import type { S } from '../sync/s';\nexport const g = (s: S) => s;\n",
      'src/sync/s.ts': 'export type S = number;\n',
    });
    assert.deepEqual(names(found), ['layer-infra: src/graph/g.ts -> src/sync/s.ts']);
  });

  it('rejects src/ importing the development tools, tests or scripts, and lets tools/ import src/', async () => {
    const found = await violations({
      'src/graph/open.ts':
        "import { l } from '../../tools/neo4j-local/index';\nexport const o = l;\n",
      'src/graph/port.ts': 'export type P = number;\n',
      'tools/neo4j-local/index.ts':
        "import type { P } from '../../src/graph/port';\nexport const l = (p: P) => p;\n",
      'src/http/h.ts': "import { t } from '../../test/helpers/t';\nexport const h = t;\n",
      'test/helpers/t.ts': 'export const t = 1;\n',
    });
    assert.deepEqual(names(found).sort(), [
      'production-tree: src/graph/open.ts -> tools/neo4j-local/index.ts',
      'production-tree: src/http/h.ts -> test/helpers/t.ts',
    ]);
  });
});
