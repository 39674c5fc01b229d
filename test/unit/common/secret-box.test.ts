import assert from 'node:assert/strict';
import { SecretBox, SecretBoxError } from '../../../src/common/secret-box';

/** AES-256-GCM sealing of integration secrets: round trip and every way a blob must not open. */
const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const AAD = '["acct-1","3f0c8b7e-2a64-4d2e-9c1f-5b8a7d6e4f21"]';
const PLAIN = '{"apiToken":"ATATT3x-very-secret"}';
const NOT_AUTHENTIC =
  'The secret blob does not authenticate: another key, another owner, or altered';

function refuses(open: () => string, message: string): void {
  assert.throws(open, (err: unknown) => {
    assert.ok(err instanceof SecretBoxError, String(err));
    assert.equal(err.message, message);
    return true;
  });
}

/** The blob with one byte of part `index` (1 IV, 2 tag, 3 ciphertext) flipped. */
function flipped(blob: string, index: number): string {
  const parts = blob.split(':');
  const bytes = Buffer.from(parts[index]!, 'base64');
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString('base64');
  return parts.join(':');
}

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(KEY);

  it('opens what it sealed, with the same AAD', () => {
    const blob = box.seal(PLAIN, AAD);
    assert.equal(box.open(blob, AAD), PLAIN);
    assert.equal(new SecretBox(Buffer.from(KEY)).open(blob, AAD), PLAIN);
  });

  it('writes v1:<12-byte IV>:<16-byte tag>:<ciphertext>, never the plaintext', () => {
    const blob = box.seal(PLAIN, AAD);
    const [version, iv, tag, ciphertext, ...rest] = blob.split(':');
    assert.equal(version, 'v1');
    assert.equal(Buffer.from(iv!, 'base64').length, 12);
    assert.equal(Buffer.from(tag!, 'base64').length, 16);
    assert.equal(Buffer.from(ciphertext!, 'base64').length, Buffer.byteLength(PLAIN));
    assert.deepEqual(rest, []);
    assert.ok(!blob.includes('very-secret'));
    assert.ok(!Buffer.from(ciphertext!, 'base64').toString('utf8').includes('very-secret'));
  });

  it('uses a fresh IV for every seal', () => {
    const a = box.seal(PLAIN, AAD);
    const b = box.seal(PLAIN, AAD);
    assert.notEqual(a.split(':')[1], b.split(':')[1]);
    assert.notEqual(a, b);
  });

  it('seals the empty text and unicode', () => {
    assert.equal(box.open(box.seal('', AAD), AAD), '');
    assert.equal(box.open(box.seal('pässwörd ✓', AAD), AAD), 'pässwörd ✓');
  });

  it('detects tampering with the IV, the tag or the ciphertext', () => {
    const blob = box.seal(PLAIN, AAD);
    for (const part of [1, 2, 3]) refuses(() => box.open(flipped(blob, part), AAD), NOT_AUTHENTIC);
  });

  it('refuses another key', () => {
    const blob = box.seal(PLAIN, AAD);
    refuses(() => new SecretBox(OTHER_KEY).open(blob, AAD), NOT_AUTHENTIC);
  });

  it('refuses another AAD: a blob copied to another instance or account does not open', () => {
    const blob = box.seal(PLAIN, AAD);
    refuses(() => box.open(blob, '["acct-1","another-instance"]'), NOT_AUTHENTIC);
    refuses(
      () => box.open(blob, '["acct-2","3f0c8b7e-2a64-4d2e-9c1f-5b8a7d6e4f21"]'),
      NOT_AUTHENTIC,
    );
  });

  it('refuses text that is not a blob', () => {
    const blob = box.seal(PLAIN, AAD);
    const notBlob = 'Not a v1 secret blob';
    refuses(() => box.open(PLAIN, AAD), notBlob);
    refuses(() => box.open(blob.replace(/^v1/, 'v2'), AAD), notBlob);
    refuses(() => box.open(`${blob}:extra`, AAD), notBlob);
    refuses(() => box.open(blob.split(':').slice(0, 3).join(':'), AAD), notBlob);
    const [, iv, tag, ciphertext] = blob.split(':');
    refuses(() => box.open(`v1:${iv!.slice(4)}:${tag!}:${ciphertext!}`, AAD), notBlob);
    refuses(() => box.open(`v1:${iv!}:${tag!.slice(4)}:${ciphertext!}`, AAD), notBlob);
  });

  it('takes only a 32-byte key', () => {
    assert.throws(
      () => new SecretBox(Buffer.alloc(16)),
      /^RangeError: A secret box key is 32 bytes, not 16$/,
    );
  });
});
