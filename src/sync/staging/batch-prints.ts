import { type Fingerprint, fingerprintAt } from './fingerprint-set';

/** Bytes of one entity's print: its key's fingerprint. */
export const ENTITY_PRINT = 16;
/** Bytes of one relationship's print: its key's fingerprint, then 8 bytes of its content hash. */
export const RELATIONSHIP_PRINT = 24;

/**
 * Objects a batch may hold for its prints to be kept on its `_SyncBatch` node (decision 0051); a
 * larger one (a bulk file) has none, and the finalize reads its keys from its content instead.
 */
export const MAX_PRINTED = 20_000;

/** A staged key with its digest (decision 0035) and content hash. */
type Printed = { keyHash: string; hash: string };

/**
 * A batch's prints, as `sync/add-batch` records them: each entity's key fingerprint, and each
 * relationship's key fingerprint with the head of its content hash, as Neo4j byte arrays; null
 * for a batch over MAX_PRINTED objects.
 */
export function batchPrints(
  keys: { entities: Printed[]; relationships: Printed[] },
  max = MAX_PRINTED,
): { entityPrints: Int8Array | null; relationshipPrints: Int8Array | null } {
  if (keys.entities.length + keys.relationships.length > max) {
    return { entityPrints: null, relationshipPrints: null };
  }
  const e = Buffer.alloc(keys.entities.length * ENTITY_PRINT);
  keys.entities.forEach((k, i) => writePrint(e, i * ENTITY_PRINT, k.keyHash));
  const r = Buffer.alloc(keys.relationships.length * RELATIONSHIP_PRINT);
  keys.relationships.forEach((k, i) => {
    writePrint(r, i * RELATIONSHIP_PRINT, k.keyHash);
    hashHead(k.hash).copy(r, i * RELATIONSHIP_PRINT + 16);
  });
  return { entityPrints: asBytes(e), relationshipPrints: asBytes(r) };
}

/** Each print of a byte array from `sync/add-batch`: its key fingerprint and hash words. */
export function eachPrint(
  bytes: Int8Array,
  size: number,
  visit: (fingerprint: Fingerprint, hashWords: readonly [number, number]) => void,
): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let o = 0; o + size <= b.length; o += size) {
    const words: [number, number] =
      size === RELATIONSHIP_PRINT ? [b.readUInt32LE(o + 16), b.readUInt32LE(o + 20)] : [0, 0];
    visit(fingerprintAt(b, o), words);
  }
}

/** The two words a content hash (base64url SHA-1) is compared by: its first 8 bytes. */
export function hashWords(hash: string): readonly [number, number] {
  const head = hashHead(hash);
  return [head.readUInt32LE(0), head.readUInt32LE(4)];
}

function hashHead(hash: string): Buffer {
  const head = Buffer.alloc(8);
  Buffer.from(hash.slice(0, 11), 'base64url').copy(head, 0, 0, 8);
  return head;
}

function writePrint(into: Buffer, offset: number, keyHash: string): void {
  Buffer.from(keyHash.slice(0, 22), 'base64url').copy(into, offset, 0, 16);
}

function asBytes(b: Buffer): Int8Array {
  return new Int8Array(b.buffer, b.byteOffset, b.byteLength);
}
