import { strict as assert } from 'node:assert';
import { createdValues } from '../../../src/history/created-values';

/** The values of a lean 'created' change (decision 0053), rebuilt from the object and its later changes. */
describe('createdValues: the values an object was created with', () => {
  it('are its tracked values now when nothing changed since (bookkeeping left out)', () => {
    const current = { _id: 'x', _key: 'k', _version: 1, _hash: 'h', _type: 't', owner: 'a', n: 0 };
    assert.deepEqual(createdValues(current, []), {
      props: ['_type', 'owner', 'n'],
      'after._type': 't',
      'after.owner': 'a',
      'after.n': 0,
    });
  });

  it("take each property's value before the earliest later change that lists it", () => {
    const later = [
      {
        kind: 'updated',
        props: ['owner', 'added'],
        'before.owner': 'a',
        'after.owner': 'b',
        'after.added': 1,
      },
      { kind: 'updated', props: ['owner', 'removed'], 'before.owner': 'b', 'before.removed': [22] },
      { kind: 'deleted', props: [] },
    ];
    const current = { _type: 't', owner: 'c', added: 1 };
    // `added` was not set at creation (absent before its first change); `removed` was.
    assert.deepEqual(createdValues(current, later), {
      props: ['owner', 'removed', '_type'],
      'after.owner': 'a',
      'after.removed': [22],
      'after._type': 't',
    });
  });

  it('redact secret-named properties, as a change records them', () => {
    const later = [{ props: ['apiToken'], 'before.apiToken': '[redacted]' }];
    assert.deepEqual(createdValues({ password: 'p', clientSecret: 's' }, later), {
      props: ['apiToken', 'password', 'clientSecret'],
      'after.apiToken': '[redacted]',
      'after.password': '[redacted]',
      'after.clientSecret': '[redacted]',
    });
  });

  it('of an object that is gone are what its later changes say', () => {
    const later = [{ props: ['owner'], 'before.owner': 'a' }];
    assert.deepEqual(createdValues(null, later), { props: ['owner'], 'after.owner': 'a' });
  });
});
