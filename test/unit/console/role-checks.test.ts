import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { contractOf } from '../../../console/src/api/contract';
import { openapiPath, repoRoot } from '../../../src/paths';

type Document = Parameters<typeof contractOf>[0];
const document = parse(fs.readFileSync(openapiPath, 'utf8')) as Document;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * The console decides what to show with `can(method, path)` against the served contract: an
 * operation it names that the contract lacks would hide a button for every key, silently.
 */
describe('console: role checks name operations of the contract', () => {
  it('every can(method, path) and navigation entry of console/src is an operation of openapi.yaml', () => {
    const checks: string[] = [];
    for (const file of sources(path.join(repoRoot, 'console', 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/can\(\s*'([a-z]+)',\s*'([^']+)'\s*\)/g))
        checks.push(`${m[1]} ${m[2]}`);
      for (const m of text.matchAll(/method: '([a-z]+)', path: '([^']+)'/g))
        checks.push(`${m[1]} ${m[2]}`);
    }
    assert.ok(checks.length >= 20, `found ${checks.length} checks`);
    const missing = checks.filter((c) => {
      const [method, p] = c.split(' ') as [string, string];
      return document.paths[p]?.[method] === undefined;
    });
    assert.deepEqual(missing, []);
  });

  it('allows an operation when the key holds one of the roles its security names', () => {
    const contract = contractOf(document);
    assert.equal(contract.allows(['ingest'], 'post', '/persister/synchronization/jobs'), true);
    assert.equal(contract.allows(['ingest'], 'post', '/rules'), false);
    assert.equal(contract.allows(['write'], 'post', '/rules'), true);
    assert.equal(contract.allows(['read'], 'get', '/account'), true);
    assert.equal(contract.allows(['admin'], 'post', '/query'), false);
    // Public operations need no role; unknown ones are never allowed.
    assert.equal(contract.allows([], 'get', '/openapi.json'), true);
    assert.equal(contract.allows(['read', 'write', 'ingest', 'admin'], 'get', '/nope'), false);
    assert.equal(contract.schema('RuleRequest')?.type, 'object');
    assert.equal(contract.schema('NoSuchSchema'), undefined);
  });
});
