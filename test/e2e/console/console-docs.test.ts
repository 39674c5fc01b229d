import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../../src/paths';

/**
 * docs/console.md shows every screen: each screenshot a browser test takes is linked there, and
 * each image it links is in docs/console/screenshots (refreshed by `npm run docs:screenshots`).
 */
describe('console: docs/console.md shows every screen the tests capture', () => {
  it('links each screenshot name the tests write, and each linked image exists', () => {
    const dir = path.join(repoRoot, 'test', 'e2e', 'console');
    const taken = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/screenshot\(page, '([a-z0-9-]+)'\)/g)) taken.add(m[1]!);
    }
    const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'console.md'), 'utf8');
    const linked = new Set(
      [...doc.matchAll(/!\[[^\]]*\]\(console\/screenshots\/([a-z0-9-]+)\.png\)/g)].map(
        (m) => m[1]!,
      ),
    );
    assert.ok(taken.size >= 15, `found ${taken.size} screenshot names in the tests`);
    assert.deepEqual([...taken].filter((n) => !linked.has(n)).sort(), [], 'taken, not linked');
    const images = path.join(repoRoot, 'docs', 'console', 'screenshots');
    assert.deepEqual(
      [...linked].filter((n) => !fs.existsSync(path.join(images, `${n}.png`))).sort(),
      [],
      'linked, missing',
    );
  });
});
