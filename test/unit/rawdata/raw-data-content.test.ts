import assert from 'node:assert/strict';
import { encodeEntry, isMediaType } from '../../../src/rawdata/raw-data-content';

describe('raw-data content', () => {
  it('accepts media types with parameters and refuses anything a header could not carry', () => {
    for (const ok of [
      'application/json',
      'text/plain; charset=utf-8',
      'application/vnd.api+json',
      'text/csv;header=present;charset="utf-8"',
      'multipart/form-data; boundary="a b;c"',
    ]) {
      assert.equal(isMediaType(ok), true, ok);
    }
    for (const bad of [
      '',
      'json',
      'text/',
      '/json',
      'a b/c',
      'text/html\r\nX-Evil: 1',
      'text/plain; charset',
      'text/plain; charset="unterminated',
      `text/${'x'.repeat(300)}`,
    ]) {
      assert.equal(isMediaType(bad), false, JSON.stringify(bad));
    }
  });

  it('stores a string body verbatim and any other body as its JSON text', () => {
    const text = encodeEntry({ name: 'a', contentType: 'text/plain', body: 'héllo "x"' });
    assert.deepEqual(text.bytes, Buffer.from('héllo "x"', 'utf8'));
    const json = encodeEntry({
      name: 'a',
      contentType: 'application/json',
      body: { b: [1, null] },
    });
    assert.equal(json.bytes.toString('utf8'), '{"b":[1,null]}');
    const number = encodeEntry({ name: 'a', contentType: 'application/json', body: 42 });
    assert.equal(number.bytes.toString('utf8'), '42');
  });

  it('hashes content and content type: either one changing makes a new version', () => {
    const base = encodeEntry({ name: 'a', contentType: 'text/plain', body: 'x' });
    assert.equal(encodeEntry({ name: 'b', contentType: 'text/plain', body: 'x' }).hash, base.hash);
    assert.notEqual(encodeEntry({ name: 'a', contentType: 'text/csv', body: 'x' }).hash, base.hash);
    assert.notEqual(
      encodeEntry({ name: 'a', contentType: 'text/plain', body: 'y' }).hash,
      base.hash,
    );
  });
});
