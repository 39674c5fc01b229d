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
