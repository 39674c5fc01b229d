/**
 * A table of 128-bit fingerprints, each with `valueWords` 32-bit words of its own, in one typed
 * array (open addressing, linear probing): (16 + 4·valueWords)·2 bytes per member at most, against
 * ~90 for a `Set<string>` of 43-character digests, so a job with millions of keys stays in tens
 * of megabytes. A member is the first 16 bytes of a SHA-256 digest (a `_keyHash`, decision
 * 0035): two keys share one only with a probability of about n²/2^129 (below 10^-25 for 3
 * million keys).
 *
 * No maintained npm package keeps 128-bit members unboxed (mnemonist's maps hold JS values), so
 * this is written here; it only adds, sets and tests, never removes.
 */
export class FingerprintTable {
  private slots: Uint32Array;
  private mask: number;
  private count = 0;
  private readonly stride: number;

  constructor(
    private readonly valueWords = 0,
    capacity = 1024,
  ) {
    this.stride = 4 + valueWords;
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.slots = new Uint32Array(size * this.stride);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held, for a memory budget. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  has(fingerprint: Fingerprint): boolean {
    return this.find(fingerprint) >= 0;
  }

  /** Word `i` of the member's value, or undefined when it is not a member. */
  value(fingerprint: Fingerprint, i = 0): number | undefined {
    const slot = this.find(fingerprint);
    return slot < 0 ? undefined : this.slots[slot * this.stride + 4 + i];
  }

  /** Adds a member (its value words zero); false when it was there already. */
  add(fingerprint: Fingerprint): boolean {
    if (this.find(fingerprint) >= 0) return false;
    this.insert(fingerprint);
    return true;
  }

  /** Adds the member if needed, and sets its value words. */
  set(fingerprint: Fingerprint, values: readonly number[]): void {
    let slot = this.find(fingerprint);
    if (slot < 0) slot = this.insert(fingerprint);
    this.slots.set(values.slice(0, this.valueWords), slot * this.stride + 4);
  }

  private insert(fingerprint: Fingerprint): number {
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    this.count++;
    return this.place(fingerprint, 0);
  }

  /** The slot holding the member, or -1. */
  private find(f: Fingerprint): number {
    const s = this.slots;
    for (let i = f[0] & this.mask; ; i = (i + 1) & this.mask) {
      const o = i * this.stride;
      if (s[o] === 0 && s[o + 1] === 0 && s[o + 2] === 0 && s[o + 3] === 0) return -1;
      if (s[o] === f[0] && s[o + 1] === f[1] && s[o + 2] === f[2] && s[o + 3] === f[3]) return i;
    }
  }

  /** Puts the member (and, when moving it, its value words from `old` at `from`) in a free slot. */
  private place(f: Fingerprint, from: number, old?: Uint32Array): number {
    const s = this.slots;
    const w = this.stride;
    let i = f[0] & this.mask;
    while (s[i * w] !== 0 || s[i * w + 1] !== 0 || s[i * w + 2] !== 0 || s[i * w + 3] !== 0) {
      i = (i + 1) & this.mask;
    }
    s.set(f, i * w);
    if (old !== undefined) s.set(old.subarray(from + 4, from + w), i * w + 4);
    return i;
  }

  private grow(): void {
    const old = this.slots;
    const w = this.stride;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = (old.length * 2) / w - 1;
    for (let o = 0; o < old.length; o += w) {
      if (old[o] !== 0 || old[o + 1] !== 0 || old[o + 2] !== 0 || old[o + 3] !== 0) {
        this.place([old[o]!, old[o + 1]!, old[o + 2]!, old[o + 3]!], o, old);
      }
    }
  }
}

/** A set of fingerprints: a table without values. */
export class FingerprintSet extends FingerprintTable {
  constructor(capacity = 1024) {
    super(0, capacity);
  }
}

/** Four 32-bit words, never all zero (zero marks an empty slot). */
export type Fingerprint = readonly [number, number, number, number];

/** The fingerprint of a base64url SHA-256 digest (its first 16 bytes). */
export function fingerprintOf(digest: string): Fingerprint {
  return fingerprintAt(Buffer.from(digest.slice(0, 22), 'base64url'), 0);
}

/** The fingerprint held in 16 bytes of `bytes` from `offset` (four little-endian words). */
export function fingerprintAt(bytes: Buffer, offset: number): Fingerprint {
  const f: [number, number, number, number] = [
    bytes.readUInt32LE(offset),
    bytes.readUInt32LE(offset + 4),
    bytes.readUInt32LE(offset + 8),
    bytes.readUInt32LE(offset + 12),
  ];
  // The one all-zero fingerprint would read as an empty slot: it stands for (1, 0, 0, 0).
  if (f[0] === 0 && f[1] === 0 && f[2] === 0 && f[3] === 0) f[0] = 1;
  return f;
}
