import { loadContractDocument } from './contract-document';

/**
 * The openapi.yaml that express-openapi-validator is given: the bundled document as it is, but
 * for one spot its Ajv cannot compile (decision 0036).
 *
 * The validator builds its Ajv with `strictTuples: true` and no way to turn it off
 * (express-openapi-validator 5.6, dist/framework/ajv/options.js). Strict tuples refuse an open
 * tuple, a `prefixItems` not pinned by `minItems` = `maxItems` (or `items: false`); the rule
 * condition group `[AND|OR, clause, ...]` (RuleConditionClause) is exactly that: its first item
 * is fixed, any number of clauses follow. Compiling it throws, and every rule request would be a
 * 500.
 *
 * So the validator's copy says the group's shape without positions: the `if` (is this a group?)
 * holds when every item is AND, OR or a list, the `then` (a group) takes at least two items, each
 * AND, OR or a clause. That accepts every condition the contract accepts, and some it does not
 * (`[clause, clause]`, `[clause, AND]`): those never reach the validator, because the house
 * validation (src/http/contract-validation.ts), which runs first on the unmodified component,
 * refuses them with its message. On a response the relaxed schema is only more lenient.
 * Nothing else in the document changes (test/unit/contract/validator-spec.test.ts).
 */

type Json = Record<string, unknown>;

/** Where the relaxation writes; everything else is the bundled document as loaded. */
export const RELAXED_POINTERS = [
  '/components/schemas/RuleConditionClause/if',
  '/components/schemas/RuleConditionClause/then',
] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `doc` with the group's open tuple written without `prefixItems` (see above). Throws
 * if the group is no longer shaped as this expects, or if another open tuple appears, so that a
 * contract edit cannot silently reach the validator's Ajv.
 */
export function relaxOpenTuplesForValidator(doc: Json): Json {
  const copy = structuredClone(doc);
  const schemas = (copy.components as { schemas?: Record<string, Json> } | undefined)?.schemas;
  const clause = schemas?.RuleConditionClause;
  const groupIf = clause?.if;
  const groupThen = clause?.then;
  const head = (isObject(groupIf) && (groupIf.prefixItems as unknown[] | undefined)) || [];
  const thenHead = (isObject(groupThen) && (groupThen.prefixItems as unknown[] | undefined)) || [];
  if (
    !isObject(groupIf) ||
    !isObject(groupThen) ||
    head.length !== 1 ||
    thenHead.length !== 1 ||
    JSON.stringify(head) !== JSON.stringify(thenHead) ||
    !isObject(groupThen.items)
  ) {
    throw new Error(
      'openapi.yaml: RuleConditionClause is no longer the group [AND|OR, clause, ...] that ' +
        'src/contract/validator-spec.ts relaxes for express-openapi-validator',
    );
  }
  const [andOr] = head;
  delete groupIf.prefixItems;
  groupIf.items = { anyOf: [andOr, { type: 'array' }] };
  delete groupThen.prefixItems;
  groupThen.items = { anyOf: [andOr, groupThen.items] };

  const left = openTuples(copy, '');
  if (left.length > 0) {
    throw new Error(
      `openapi.yaml: express-openapi-validator's Ajv (strictTuples) cannot compile the open ` +
        `tuple at ${left.join(', ')}`,
    );
  }
  return copy;
}

/** JSON pointers of the `prefixItems` that Ajv's strictTuples refuses. */
export function openTuples(value: unknown, pointer: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => openTuples(item, `${pointer}/${i}`));
  if (!isObject(value)) return [];
  const found: string[] = [];
  const head = value.prefixItems;
  if (Array.isArray(head)) {
    const n = head.length;
    const full = value.minItems === n && (value.maxItems === n || value.items === false);
    if (!full) found.push(`${pointer}/prefixItems`);
  }
  for (const [key, item] of Object.entries(value)) {
    found.push(...openTuples(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return found;
}

/** What build-app gives the validator as `apiSpec`: the contract it loaded, relaxed (a copy). */
export function validatorApiSpec(document: Json = loadContractDocument()): Json {
  return relaxOpenTuplesForValidator(document);
}
