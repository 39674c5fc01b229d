import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that keeps the generated secret. */
export const UPLOAD_URL_SECRET_FILE = 'upload-url-secret';

/**
 * The secret that signs bulk upload URLs: UPLOAD_URL_SECRET when configured; otherwise a random
 * one generated on first start and kept in DATA_DIR (mode 0600), so that a restart keeps issued
 * URLs valid. Processes that share DATA_DIR share the secret: the first to start writes it
 * (atomically: a temporary file hard-linked into place), the others read it.
 */
export function uploadUrlSecret(input: {
  configured: string | undefined;
  dataDir: string;
}): Buffer {
  if (input.configured !== undefined) return Buffer.from(input.configured, 'utf8');
  const file = path.join(input.dataDir, UPLOAD_URL_SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(input.dataDir, { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  }
  return Buffer.from(secret, 'utf8');
}
