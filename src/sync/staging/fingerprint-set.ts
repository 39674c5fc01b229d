/**
 * A set of 128-bit fingerprints in one typed array (open addressing, linear probing): 32 bytes
 * per member at most, against ~90 for a `Set<string>` of 43-character digests, so the upload key
 * index of a job with millions of keys stays in tens of megabytes. A member is the first 16 bytes
 * of a SHA-256 digest (a `_keyHash`, decision 0035): two keys share one only with a probability
 * of about n²/2^129 (below 10^-25 for 3 million keys).
 *
 * No maintained npm package keeps 128-bit members unboxed (mnemonist's sets hold JS values), so
 * this is written here; it only adds and tests, never removes.
 */
export class FingerprintSet {
  private slots: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.slots = new Uint32Array(size * 4);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held, for the index's memory budget. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  has(fingerprint: Fingerprint): boolean {
    return this.find(fingerprint) >= 0;
  }

  /** Adds a member; false when it was there already. */
  add(fingerprint: Fingerprint): boolean {
    if (this.find(fingerprint) >= 0) return false;
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    this.place(fingerprint);
    this.count++;
    return true;
  }

  /** The slot holding the member, or -1. */
  private find(f: Fingerprint): number {
    const s = this.slots;
    for (let i = f[0] & this.mask; ; i = (i + 1) & this.mask) {
      const o = i * 4;
      if (s[o] === 0 && s[o + 1] === 0 && s[o + 2] === 0 && s[o + 3] === 0) return -1;
      if (s[o] === f[0] && s[o + 1] === f[1] && s[o + 2] === f[2] && s[o + 3] === f[3]) return i;
    }
  }

  private place(f: Fingerprint): void {
    const s = this.slots;
    let i = f[0] & this.mask;
    while (s[i * 4] !== 0 || s[i * 4 + 1] !== 0 || s[i * 4 + 2] !== 0 || s[i * 4 + 3] !== 0) {
      i = (i + 1) & this.mask;
    }
    s.set(f, i * 4);
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = old.length / 2 - 1;
    for (let o = 0; o < old.length; o += 4) {
      if (old[o] !== 0 || old[o + 1] !== 0 || old[o + 2] !== 0 || old[o + 3] !== 0) {
        this.place([old[o]!, old[o + 1]!, old[o + 2]!, old[o + 3]!]);
      }
    }
  }
}

/** Four 32-bit words, never all zero (zero marks an empty slot). */
export type Fingerprint = readonly [number, number, number, number];

/** The fingerprint of a base64url SHA-256 digest (its first 16 bytes). */
export function fingerprintOf(digest: string): Fingerprint {
  const b = Buffer.from(digest.slice(0, 22), 'base64url');
  const f: [number, number, number, number] = [
    b.readUInt32LE(0),
    b.readUInt32LE(4),
    b.readUInt32LE(8),
    b.readUInt32LE(12),
  ];
  // The one all-zero fingerprint would read as an empty slot: it stands for (1, 0, 0, 0).
  if (f[0] === 0 && f[1] === 0 && f[2] === 0 && f[3] === 0) f[0] = 1;
  return f;
}
