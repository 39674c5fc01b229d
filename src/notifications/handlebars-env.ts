import Handlebars from 'handlebars';

/**
 * The one Handlebars environment notification layouts compile in (decision 0059): isolated from
 * the package's global one, with the documented helpers only. Values are HTML-escaped by
 * Handlebars' default in HTML layouts; plain-text layouts compile with `noEscape` (there is no
 * markup to inject into text, and `&amp;` would be wrong there). Rule templates stay Jexl.
 */
export const handlebars = Handlebars.create();

/** Handlebars' own block helpers a layout may use. */
export const BUILT_IN_HELPERS = ['if', 'unless', 'each', 'with'] as const;

/** Our helpers, as the guide documents them. */
export const HELPERS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  /** `{{plural count "entity" "entities"}}` -> `1 entity`, `3 entities`. */
  plural: (count, one, many) =>
    `${Number(count)} ${Number(count) === 1 ? String(one) : String(many)}`,
  /** `{{#if (eq level.name "HIGH")}}`: strict equality. */
  eq: (a, b) => a === b,
};

for (const [name, helper] of Object.entries(HELPERS)) {
  // Handlebars passes its `options` object last; the helpers above read only their own arguments.
  handlebars.registerHelper(name, (...args: unknown[]) => helper(...args.slice(0, -1)));
}

/**
 * What compile() knows: every helper a layout may call, nothing else (Handlebars' own `log` and
 * `lookup` turned off, so that `knownHelpersOnly` refuses them).
 */
export const KNOWN_HELPERS: Readonly<Record<string, boolean>> = {
  ...Object.fromEntries([...BUILT_IN_HELPERS, ...Object.keys(HELPERS)].map((n) => [n, true])),
  log: false,
  lookup: false,
  helperMissing: false,
  blockHelperMissing: false,
};

export type Format = 'html' | 'text';

/** A compiled layout: the view in, the message part out. */
export type Layout = (view: object) => string;

/** Compiles a layout once (an error for a bad one); unknown helpers are compile errors. */
export function compileLayout(source: string, format: Format): Layout {
  const template = handlebars.compile(source, {
    knownHelpers: KNOWN_HELPERS,
    knownHelpersOnly: true,
    noEscape: format === 'text',
    strict: false,
  });
  // Compile now rather than at first use, so that a bad layout fails where it is loaded or saved.
  handlebars.precompile(source, { knownHelpers: KNOWN_HELPERS, knownHelpersOnly: true });
  return (view) => template(view, { allowProtoPropertiesByDefault: false });
}
