import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_FEATURES } from '../../../../src/accounts/account-service';
import { ValidationError } from '../../../../src/errors/app-error';
import { repoRoot } from '../../../../src/paths';
import { SYNC_MODE_NAMES, type SyncMode } from '../../../../src/sync/jobs/job-types';
import {
  DEFAULT_SYNC_MODE,
  type ModePolicy,
  namesEntitiesTwoWays,
  RETIRED_SYNC_MODES,
  SYNC_MODES,
} from '../../../../src/sync/modes/mode-policy';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';

/**
 * Each sync mode's row, stated in full: a change to what a mode means shows here, and a new mode
 * is one more row (plus the tests of its semantics in test/integration/sync/semantics-*.test.ts).
 */
const ROWS: Record<SyncMode, ModePolicy> = {
  DIFF: {
    start: { featureGate: null, sources: null, scopeRequiredFor: ['api'] },
    uploads: { entities: 'allowed', relationships: 'allowed' },
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: 'is not allowed in DIFF jobs',
      apply: 'upsert',
      adoptsPlaceholders: true,
    },
    relationships: { ends: 'key', mapped: true },
    writes: 'replace',
    deletesAbsent: { entities: true, relationships: 'in-scope' },
    unscopedJobScope: 'source',
    fastNewScope: true,
    maxEntities: null,
  },
  PATCH: {
    start: { featureGate: null, sources: null, scopeRequiredFor: [] },
    uploads: {
      entities: 'allowed',
      relationships: { refused: 'Relationships are not allowed in PATCH jobs' },
    },
    entities: {
      identity: 'key-or-id',
      systemNames: ['_id'],
      idRefusal: null,
      apply: 'patch',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'key-or-id', mapped: false },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'none',
    fastNewScope: false,
    maxEntities: null,
  },
  PUT: {
    start: { featureGate: 'PUT', sources: null, scopeRequiredFor: [] },
    uploads: { entities: 'allowed', relationships: 'allowed' },
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: 'is not allowed in PUT jobs: PUT matches entities on _key only',
      apply: 'upsert',
      adoptsPlaceholders: true,
    },
    relationships: { ends: 'key-or-id', mapped: true },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: null,
  },
  CROSS_SCOPE: {
    start: { featureGate: null, sources: ['api'], scopeRequiredFor: 'all' },
    uploads: {
      entities: { refused: 'Entity uploads are not allowed for CROSS_SCOPE sync jobs' },
      relationships: 'allowed',
    },
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: null,
      apply: 'upsert',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'scope-and-key', mapped: false },
    writes: 'replace',
    deletesAbsent: { entities: false, relationships: 'cross-scope' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: null,
  },
  OVERRIDE: {
    start: { featureGate: 'OVERRIDE', sources: null, scopeRequiredFor: [] },
    uploads: {
      entities: 'allowed',
      relationships: { refused: 'Relationship uploads are not allowed for OVERRIDE sync jobs' },
    },
    entities: {
      identity: 'id-or-type-key',
      systemNames: ['_id', '_scope'],
      idRefusal: null,
      apply: 'override',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'key-or-id', mapped: false },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: 10_000,
  },
};

const MODE_NAME = /'(DIFF|PATCH|PUT|CROSS_SCOPE|OVERRIDE|CREATE_OR_UPDATE)'/;

/** The TypeScript files under a folder of src/, as [path from the repository root, text]. */
function sources(folder: string): Array<[string, string]> {
  const dir = path.join(repoRoot, 'src', folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => {
      const file = path.join('src', folder, f).split(path.sep).join('/');
      return [file, readFileSync(path.join(repoRoot, file), 'utf8')];
    });
}

describe('SYNC_MODES, the sync mode policy table', () => {
  for (const mode of SYNC_MODE_NAMES) {
    it(`states what ${mode} means`, () => {
      assert.deepEqual(SYNC_MODES[mode], ROWS[mode]);
    });
  }

  it('has one row for each mode of the contract, and no other', () => {
    assert.deepEqual(Object.keys(SYNC_MODES).sort(), [...SYNC_MODE_NAMES].sort());
  });

  it('defaults to DIFF and refuses the retired CREATE_OR_UPDATE', () => {
    assert.equal(DEFAULT_SYNC_MODE, 'DIFF');
    assert.deepEqual(
      [...RETIRED_SYNC_MODES],
      [['CREATE_OR_UPDATE', 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions']],
    );
  });

  it('gates modes only behind account features that exist', () => {
    for (const mode of SYNC_MODE_NAMES) {
      const gate = SYNC_MODES[mode].start.featureGate;
      if (gate !== null) assert.ok(ACCOUNT_FEATURES.includes(gate), `${mode}: ${gate}`);
    }
  });

  it('applies chunks one at a time in the modes that name entities by _key or _id', () => {
    const twoWays = SYNC_MODE_NAMES.filter((m) => namesEntitiesTwoWays(SYNC_MODES[m]));
    assert.deepEqual(twoWays, ['PATCH', 'OVERRIDE']);
  });

  it("names the modes whose row says `mapped` when it refuses a mapping's mode", () => {
    const mapped = SYNC_MODE_NAMES.filter((m) => SYNC_MODES[m].relationships.mapped);
    const relationship = {
      _key: 'r',
      _type: 't',
      _class: 'HAS',
      _fromEntityScope: 'a',
      _toEntityScope: 'b',
      _mapping: { sourceEntityKey: 'k', targetFilterKeys: [['_key']], targetEntity: { _key: 'x' } },
    };
    assert.throws(
      () =>
        validateUpload(
          { relationships: [relationship] },
          {
            syncMode: 'CROSS_SCOPE',
            scope: 's',
            ignoreDuplicates: false,
            ignoreIllegalProperties: false,
            route: 'upload',
          },
        ),
      (err: unknown) => {
        assert.ok(err instanceof ValidationError);
        const named = /uploaded in (.*) jobs$/.exec(err.message)?.[1]?.split(' and ');
        assert.deepEqual(named?.sort(), [...mapped].sort());
        return true;
      },
    );
  });

  // The point of the table: no rule elsewhere asks which mode a job has.
  it('is the only place in src/sync that names a mode, and no code compares syncMode', () => {
    const named = sources('sync')
      .filter(([file]) => file !== 'src/sync/modes/mode-policy.ts')
      .flatMap(([file, text]) =>
        text
          .split('\n')
          .map((line, i) => [`${file}:${i + 1}`, line] as const)
          // The contract's list of names (job-types.ts), which the table is keyed by.
          .filter(([, line]) => MODE_NAME.test(line) && !line.includes('SYNC_MODE_NAMES =')),
      );
    assert.deepEqual(named, []);
    const compared = ['sync', 'http', 'queue', 'rawdata', 'entities'].flatMap((folder) =>
      sources(folder).filter(([, text]) =>
        /\bsyncMode\s*[!=]==|[!=]==\s*[\w.]*\bsyncMode\b/.test(text),
      ),
    );
    assert.deepEqual(
      compared.map(([file]) => file),
      [],
    );
  });
});
