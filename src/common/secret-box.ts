import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of secrets at rest (integration secrets, secret parameters): AES-256-GCM (node:crypto) with a
 * 32-byte key, a random 12-byte IV per seal and the 16-byte authentication tag kept beside the
 * ciphertext. The caller's additional authenticated data (AAD) binds a blob to its owner: a blob
 * sealed for one instance does not open for another, nor with another key, nor once altered.
 *
 * A blob is text: `v1:<iv>:<tag>:<ciphertext>`, each part base64.
 */
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** A blob that does not open: wrong key, wrong AAD, altered, or not a blob at all. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) {
      throw new RangeError(`A secret box key is ${KEY_BYTES} bytes, not ${key.length}`);
    }
    this.key = Buffer.from(key);
  }

  /** `plaintext` encrypted and bound to `aad`. */
  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, ciphertext]
      .map((p) => (typeof p === 'string' ? p : b64(p)))
      .join(':');
  }

  /** The plaintext of a blob that `seal` made with this key and the same `aad`. */
  open(blob: string, aad: string): string {
    const [version, iv, tag, ciphertext, ...rest] = blob.split(':');
    if (
      version !== VERSION ||
      iv === undefined ||
      tag === undefined ||
      ciphertext === undefined ||
      rest.length > 0
    ) {
      throw new SecretBoxError(`Not a ${VERSION} secret blob`);
    }
    const ivBytes = Buffer.from(iv, 'base64');
    const tagBytes = Buffer.from(tag, 'base64');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new SecretBoxError(`Not a ${VERSION} secret blob`);
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, ivBytes, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(tagBytes);
      const plain = Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      // GCM says only "unable to authenticate": which of key, AAD or content is wrong is unknown.
      throw new SecretBoxError(
        'The secret blob does not authenticate: another key, another owner, or altered',
      );
    }
  }
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64');
}
