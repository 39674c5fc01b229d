import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '../errors/app-error';
import { BlobChangedError, type BlobStore, collectAtMost, type ExpectedBlob } from './blob-store';

/**
 * BlobStore on the local filesystem under one root directory. Writes go to a temporary file that
 * is renamed into place, so a reader never sees half an object and a crash leaves no torn file.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, file);
  }

  async putStream(key: string, data: AsyncIterable<Buffer>): Promise<void> {
    const file = this.fileOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await pipeline(data, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await fs.promises.readFile(this.fileOf(key));
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async getExpected(key: string, expect: ExpectedBlob): Promise<Buffer> {
    // No ETags here: graphsync writes each key once, under a fresh name (the size is checked).
    const file = this.fileOf(key);
    const stat = await fs.promises.stat(file).catch((err: unknown) => {
      throw notFound(err, key);
    });
    if (stat.size > expect.maxBytes) {
      throw new BlobChangedError(key, 'longer', `is longer than ${expect.maxBytes} bytes`);
    }
    const body = fs.createReadStream(file);
    try {
      return await collectAtMost(body, key, expect.maxBytes);
    } finally {
      body.destroy();
    }
  }

  async stream(key: string): Promise<Readable> {
    const file = this.fileOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch (err) {
      throw notFound(err, key);
    }
    return fs.createReadStream(file);
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Prefixes end at a segment boundary in practice (a job's folder); remove that folder or file.
    await fs.promises.rm(this.fileOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  private fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Blob key '${key}' escapes the store`);
    }
    return file;
  }
}

function notFound(err: unknown, key: string): unknown {
  return (err as { code?: unknown }).code === 'ENOENT'
    ? new NotFoundError(`No stored object '${key}'`)
    : err;
}
