import assert from 'node:assert/strict';
import { redact, REDACTED, secretTexts } from '../../../../src/rules/evaluation/redact';
import { entityIdsOf, entityIdsOfResult } from '../../../../src/rules/evaluation/result-entities';

describe('evaluation records: secret redaction and result entity ids', () => {
  it('hides every string and number secret of 3+ characters, longest first, deep in any value', () => {
    const secrets = secretTexts(['tok-123', ['abc', 'tok'], 98765, true, 'ab', 12]);
    assert.deepEqual(secrets, ['tok-123', '98765', 'abc', 'tok']);
    assert.deepEqual(
      redact(
        {
          headers: { Authorization: 'Bearer tok-123' },
          list: ['x abc y', 5, null, { pin: 'pin 98765' }],
          plain: 'nothing here',
          flag: true,
        },
        secrets,
      ),
      {
        headers: { Authorization: `Bearer ${REDACTED}` },
        list: [`x ${REDACTED} y`, 5, null, { pin: `pin ${REDACTED}` }],
        plain: 'nothing here',
        flag: true,
      },
    );
    assert.equal(redact('tok tok-123', secrets), `${REDACTED} ${REDACTED}`);
    // A number that is a secret goes whole; a secret quoted inside JSON text goes too.
    assert.deepEqual(redact({ pin: 98765, other: 98766 }, secrets), {
      pin: REDACTED,
      other: 98766,
    });
    const quoted = secretTexts(['se"c\\ret']);
    assert.deepEqual(quoted, ['se\\"c\\\\ret', 'se"c\\ret']);
    assert.equal(redact(`value ${JSON.stringify('se"c\\ret')}`, quoted), `value "${REDACTED}"`);
    const value = { a: 'tok-123' };
    assert.equal(redact(value, []), value);
  });

  it('finds entity ids in list rows, whole-entity table columns, trees and flattened items', () => {
    const vertex = (id: string) => ({ id, entity: { _id: id }, properties: {} });
    assert.deepEqual(entityIdsOfResult([vertex('a'), vertex('b'), vertex('a')]), ['a', 'b']);
    assert.deepEqual(entityIdsOfResult([{ u: vertex('u1'), d: vertex('d1'), n: 3 }, { n: 4 }]), [
      'u1',
      'd1',
    ]);
    assert.deepEqual(entityIdsOfResult({ vertices: [vertex('t1')], edges: [] }), ['t1']);
    assert.deepEqual(entityIdsOfResult(undefined), []);
    assert.deepEqual(entityIdsOf({ _id: 'flat', displayName: 'x' }), ['flat']);
    assert.deepEqual(entityIdsOf('text'), []);
    assert.deepEqual(entityIdsOf({ entity: { _id: 'e' }, properties: {} }), ['e']);
  });
});
