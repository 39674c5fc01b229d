import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Secret parameters in templates (docs/security.md, "Secrets"; docs/guide/rules.md, "Secret
 * parameters"). A secret parameter's value reaches the templates only inside an opaque
 * SecretValue: nothing an expression can do reads it. Indexing it, reading a member (`.length`),
 * handing it to a transform, concatenating, comparing or doing arithmetic with it all see the
 * text `[secret]` instead, and mark the expression as having read a secret (taint), so that its
 * whole value is `[secret]`. The real value is taken out (revealed) only by the renderer, only for
 * what an outbound action delivers, and only where an expression's value is the SecretValue itself
 * (`{{param.token}}`, `Bearer {{param.token}}`).
 */
export const SECRET_TEXT = '[secret]';

/** The real values, out of reach of any property access (a relative filter reads own properties). */
const hidden = new WeakMap<SecretValue, { value: unknown }>();

/** Whether the expression being evaluated (in this async context) read a secret. */
const reads = new AsyncLocalStorage<{ touched: boolean }>();

/** Marks the expression under evaluation as having read a secret (outside one: nothing). */
export function touchSecret(): void {
  const state = reads.getStore();
  if (state !== undefined) state.touched = true;
}

export class SecretValue {
  constructor(value?: unknown, revealable = true) {
    if (revealable) hidden.set(this, { value });
  }

  toString(): string {
    touchSecret();
    return SECRET_TEXT;
  }

  toJSON(): string {
    touchSecret();
    return SECRET_TEXT;
  }

  [Symbol.toPrimitive](): string {
    touchSecret();
    return SECRET_TEXT;
  }
}

/** What an expression that read a secret evaluates to: opaque, with nothing to reveal. */
export const DERIVED_SECRET = new SecretValue(undefined, false);

export function isSecret(value: unknown): value is SecretValue {
  return value instanceof SecretValue;
}

/** The real value of a bare secret; `[secret]` for one derived from a secret. */
export function revealSecret(secret: SecretValue): unknown {
  const entry = hidden.get(secret);
  return entry === undefined ? SECRET_TEXT : entry.value;
}

/** Runs one expression evaluation, answering its value and whether it read a secret. */
export async function tracked<T>(run: () => Promise<T>): Promise<{ value: T; touched: boolean }> {
  const state = { touched: false };
  const value = await reads.run(state, run);
  return { value, touched: state.touched };
}

/** The account's parameters as templates see them: each secret one as a SecretValue. */
export function opaqueParameters(
  values: Record<string, unknown>,
  secretNames: Iterable<string>,
): Record<string, unknown> {
  const out = Object.assign(Object.create(null) as object, values) as Record<string, unknown>;
  for (const name of secretNames) {
    if (Object.hasOwn(out, name)) out[name] = new SecretValue(out[name]);
  }
  return out;
}

/**
 * `value` with every SecretValue anywhere in it replaced by `[secret]` (lists and plain objects
 * walked; the same object back when it holds none).
 */
export function withoutSecrets(value: unknown): unknown {
  if (isSecret(value)) return SECRET_TEXT;
  if (Array.isArray(value)) {
    const items = value.map(withoutSecrets);
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (isPlainObject(value)) {
    let changed = false;
    const entries = Object.entries(value).map(([k, v]) => {
      const w = withoutSecrets(v);
      if (w !== v) changed = true;
      return [k, w] as const;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

/** Whether a SecretValue is anywhere in `value`. */
export function holdsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isPlainObject(value)) return Object.values(value).some(holdsSecret);
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * What a rendering does with secrets: `hide` (records, and every value that stays in graphsync)
 * shows each as `[secret]`; `reveal` (an outbound action's delivery) gives the real value where
 * an expression's value is a bare secret, `[secret]` elsewhere; `refuse` (conditions) rejects an
 * expression that read a secret or whose value holds one; `keep` (a `mapTemplate` inside an
 * expression) passes SecretValues on to the enclosing expression.
 */
export type SecretMode = 'hide' | 'reveal' | 'refuse' | 'keep';

/** The refusal of `refuse` mode (render.ts makes it a TemplateError naming the expression). */
export class SecretRefused extends Error {}

export const SECRET_REFUSED =
  'it reads a secret parameter, and a condition cannot: whether it holds would tell something ' +
  'about the secret (secrets can only be sent by outbound actions: docs/guide/rules.md, "Secret parameters")';

/**
 * One expression's value as the rendering gives it: tainted values are `[secret]` (DERIVED_SECRET),
 * then the mode's treatment; throws SecretRefused in `refuse` mode.
 */
export function settle(value: unknown, touched: boolean, mode: SecretMode): unknown {
  const opaque = touched ? DERIVED_SECRET : value;
  switch (mode) {
    case 'keep':
      return opaque;
    case 'hide':
      return withoutSecrets(opaque);
    case 'reveal':
      return isSecret(opaque) ? revealSecret(opaque) : withoutSecrets(opaque);
    case 'refuse':
      if (touched || holdsSecret(value)) throw new SecretRefused(SECRET_REFUSED);
      return value;
  }
}
