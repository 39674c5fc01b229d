import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A random secret generated on first use and kept in DATA_DIR (mode 0600), so that a restart, and
 * every process sharing DATA_DIR (the API and its workers), use the same one. The first process to
 * need it writes it atomically (a temporary file hard-linked into place); the others read it.
 * `encode` turns the random bytes into the file's text; the text (trimmed) is returned.
 */
export function dataDirSecret(input: {
  dataDir: string;
  file: string;
  bytes: number;
  encode: (random: Buffer) => string;
}): string {
  const file = path.join(input.dataDir, input.file);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(input.dataDir, { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, `${input.encode(randomBytes(input.bytes))}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** The generated secret's file, when it exists (never creates it). */
export function existingDataDirSecret(dataDir: string, file: string): string | undefined {
  const full = path.join(dataDir, file);
  return fs.existsSync(full) ? fs.readFileSync(full, 'utf8').trim() : undefined;
}
