import path from 'node:path';
import { dataDirSecret } from '../../common/data-dir-secret';

/** The file in DATA_DIR that keeps the generated secret. */
export const UPLOAD_URL_SECRET_FILE = 'upload-url-secret';

/**
 * The secret that signs bulk upload URLs: UPLOAD_URL_SECRET when configured; otherwise a random
 * one generated on first start and kept in DATA_DIR (src/common/data-dir-secret.ts), so that a
 * restart keeps issued URLs valid and processes that share DATA_DIR share the secret.
 */
export function uploadUrlSecret(input: {
  configured: string | undefined;
  dataDir: string;
}): Buffer {
  if (input.configured !== undefined) return Buffer.from(input.configured, 'utf8');
  const secret = dataDirSecret({
    dataDir: input.dataDir,
    file: UPLOAD_URL_SECRET_FILE,
    bytes: 32,
    encode: (random) => random.toString('hex'),
  });
  if (secret.length < 32) {
    const file = path.join(input.dataDir, UPLOAD_URL_SECRET_FILE);
    throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  }
  return Buffer.from(secret, 'utf8');
}
