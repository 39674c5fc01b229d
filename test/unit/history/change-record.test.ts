import assert from 'node:assert/strict';
import {
  changeParams,
  REDACTED,
  SECRET_PROPERTY_NAME,
  UNTRACKED_PROPERTIES,
} from '../../../src/model/change-record';

/** What every write's `$history` parameter carries (decision 0045). */
describe('change records: tracked properties and secret names', () => {
  it('leaves bookkeeping out and tracks what queries see', () => {
    for (const name of ['_id', '_key', '_keyHash', '_version', '_beginOn', '_endOn', '_deleted']) {
      assert.ok(UNTRACKED_PROPERTIES.includes(name), name);
    }
    for (const name of ['_class', '_type', 'displayName', 'tag.Production', '_source']) {
      assert.ok(!UNTRACKED_PROPERTIES.includes(name), name);
    }
  });

  it('treats credential-like names as secrets, not ordinary ones', () => {
    for (const name of ['password', 'apiToken', 'clientSecret', 'private_key', 'AccessKey']) {
      assert.ok(SECRET_PROPERTY_NAME.test(name), name);
    }
    for (const name of ['owner', 'keyId', 'author', 'design', 'publicKeyFingerprint']) {
      assert.ok(!SECRET_PROPERTY_NAME.test(name), name);
    }
  });

  it('builds the parameter: one pattern for the whole name, as Cypher matches it', () => {
    const p = changeParams({ source: 'entity-api', at: 5, keyId: 'k' });
    assert.deepEqual(
      { ...p, untracked: p.untracked.length },
      {
        source: 'entity-api',
        jobId: null,
        keyId: 'k',
        at: 5,
        untracked: UNTRACKED_PROPERTIES.length,
        secret: `(?is).*(?:${SECRET_PROPERTY_NAME.source}).*`,
        redacted: REDACTED,
      },
    );
  });
});
