import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/errors/app-error';
import {
  MAX_LIST_LENGTH,
  MAX_STRING_LENGTH,
  PARAMETER_VALID_TYPES_TEXT,
  validateName,
  validatePutBody,
} from '../../../src/parameters/parameter-validation';

function rejects(run: () => unknown, message: string): void {
  assert.throws(run, (err: unknown) => {
    assert.ok(err instanceof ValidationError, String(err));
    assert.equal(err.code, 'VALIDATION_ERROR');
    assert.equal(err.message, message);
    return true;
  });
}

const invalidName = (name: string) =>
  `Invalid parameter name '${name}': a name is 1 to 128 letters, digits and '_', not starting ` +
  'with a digit (it is referenced as param.<name>)';

describe('parameter validation', () => {
  describe('names', () => {
    it('takes identifiers of 1 to 128 letters, digits and _', () => {
      for (const name of [
        'x',
        'X',
        '_',
        'longURL',
        'My_Special_Project2',
        '_x9',
        'a'.repeat(128),
      ]) {
        assert.equal(validateName(name), name);
      }
    });

    it('refuses what param.<name> could not reach: dots, dashes, spaces, a leading digit, empty, over 128', () => {
      for (const name of [
        '',
        'a.b',
        'my-param',
        'a b',
        '9lives',
        'a'.repeat(129),
        'é',
        '$x',
        'a/b',
      ]) {
        rejects(() => validateName(name), invalidName(name));
      }
    });
  });

  describe('PUT bodies', () => {
    it('takes booleans, strings, finite numbers and lists of one of those; secret defaults to false', () => {
      const values: unknown[] = [
        true,
        false,
        '',
        'text',
        'x'.repeat(MAX_STRING_LENGTH),
        0,
        -1.5,
        1e308,
        [],
        [true, false],
        ['a', ''],
        [1, 2.5, -3],
        Array.from({ length: MAX_LIST_LENGTH }, (_, i) => i),
      ];
      for (const value of values) {
        assert.deepEqual(validatePutBody({ value }), { value, secret: false });
      }
      assert.deepEqual(validatePutBody({ value: 'k', secret: true }), { value: 'k', secret: true });
      assert.deepEqual(validatePutBody({ value: 'k', secret: false }), {
        value: 'k',
        secret: false,
      });
    });

    it('refuses a body that is not an object, lacks /value, has other fields, or a non-boolean /secret', () => {
      const notObject = 'The body must be an object: { "value": ..., "secret"?: boolean }';
      for (const body of [null, undefined, 'x', 1, [{ value: 1 }]])
        rejects(() => validatePutBody(body), notObject);
      rejects(() => validatePutBody({}), '/value is required');
      rejects(() => validatePutBody({ secret: true }), '/value is required');
      rejects(
        () => validatePutBody({ value: 1, name: 'x' }),
        '/name is not allowed: the body holds only /value and /secret',
      );
      for (const secret of ['true', 1, null]) {
        rejects(() => validatePutBody({ value: 1, secret }), '/secret must be a boolean');
      }
    });

    it('refuses null, objects and other types, naming the valid ones', () => {
      rejects(
        () => validatePutBody({ value: null }),
        `/value must not be null. ${PARAMETER_VALID_TYPES_TEXT}`,
      );
      rejects(
        () => validatePutBody({ value: { a: 1 } }),
        `/value has invalid type: objects cannot be stored in a parameter. ${PARAMETER_VALID_TYPES_TEXT}`,
      );
      rejects(
        () => validatePutBody({ value: undefined }),
        `/value has invalid type. ${PARAMETER_VALID_TYPES_TEXT}`,
      );
      assert.equal(
        PARAMETER_VALID_TYPES_TEXT,
        'Valid types are boolean, string, number, or a list of only booleans, only strings or only numbers.',
      );
    });

    it('refuses non-finite numbers, alone or in a list', () => {
      for (const value of [Infinity, -Infinity, NaN]) {
        rejects(() => validatePutBody({ value }), '/value must be a finite number');
      }
      rejects(
        () => validatePutBody({ value: [1, 2, Infinity] }),
        '/value/2 must be a finite number',
      );
    });

    it('refuses lists in lists, objects or null in a list, and mixed lists, at the offending item', () => {
      const item = (i: number) =>
        `/value/${i} has invalid type: list items must be booleans, strings or numbers`;
      rejects(() => validatePutBody({ value: [[1]] }), item(0));
      rejects(() => validatePutBody({ value: ['a', ['b']] }), item(1));
      rejects(() => validatePutBody({ value: [1, { a: 1 }] }), item(1));
      rejects(() => validatePutBody({ value: ['a', 'b', null] }), item(2));
      rejects(
        () => validatePutBody({ value: [1, 'a'] }),
        '/value/1 is a string but /value/0 is a number: a list holds only booleans, only strings or only numbers',
      );
      rejects(
        () => validatePutBody({ value: ['a', 'b', true] }),
        '/value/2 is a boolean but /value/0 is a string: a list holds only booleans, only strings or only numbers',
      );
    });

    it('refuses strings over 10000 characters and lists over 1000 items', () => {
      const long = 'x'.repeat(MAX_STRING_LENGTH + 1);
      rejects(() => validatePutBody({ value: long }), '/value is longer than 10000 characters');
      rejects(
        () => validatePutBody({ value: ['a', long] }),
        '/value/1 is longer than 10000 characters',
      );
      rejects(
        () => validatePutBody({ value: Array.from({ length: MAX_LIST_LENGTH + 1 }, () => true) }),
        '/value has more than 1000 items',
      );
    });

    it('never quotes the value in a message (it may be a secret)', () => {
      const secret = 'hunter2-'.repeat(2000);
      for (const value of [secret, [secret], ['ok', 1, secret], { secret }]) {
        assert.throws(
          () => validatePutBody({ value, secret: true }),
          (err: Error) => !err.message.includes('hunter2'),
        );
      }
    });
  });
});
