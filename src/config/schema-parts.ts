import { z } from 'zod';

/** Value types shared by the settings' schemas (env-schema.ts and the files it spreads in). */

/** An empty value means "use the default" (z.coerce would turn '' into 0, a random port). */
export const blankAsUnset = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

/** An http(s) URL without query or fragment, trailing slashes dropped. */
export const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s?#]+$/, 'must be an http:// or https:// URL without query or fragment')
  .transform((v) => v.replace(/\/+$/, ''));

/** '30s', '5m', '24h', '2d' or a number of milliseconds, to milliseconds. */
export const duration = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)?$/, "must be a duration such as '30s', '5m', '24h' or milliseconds")
  .transform((v) => {
    const m = /^(\d+)(ms|s|m|h|d)?$/.exec(v);
    const n = Number(m?.[1]);
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m?.[2] ?? 'ms'] ?? 1;
    return n * unit;
  });
