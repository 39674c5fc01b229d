import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import { loadContractDocument } from './contract-document';

/**
 * The request schemas of openapi.yaml (`#/components/schemas/<Name>`), compiled by one Ajv 2020
 * instance: the spec is the one source of the rule, question and integration bodies, and the
 * service validates them with exactly what clients read (decision 0036). The document is read
 * once, when this module loads; each component is compiled on first use.
 *
 * Two annotation keywords, OpenAPI extensions in the spec, shape the 400 messages
 * (src/contract/schema-error-message.ts): `x-error` says what a value must be, `x-name` names an object
 * that refuses a property. A third, `x-any-value`, marks a schema that takes any JSON value on
 * purpose (test/unit/contract/typed-bodies.test.ts). Ajv knows them as a vocabulary, so strict
 * mode still refuses typos.
 */
export type SchemaName = keyof components['schemas'];

const CONTRACT_ID = 'graphsync:openapi';

interface OpenapiDocument {
  components: { schemas: Record<string, unknown> };
}

function loadComponents(): Record<string, unknown> {
  const doc = loadContractDocument() as unknown as OpenapiDocument;
  return withoutDiscriminatorMappings(doc.components.schemas) as Record<string, unknown>;
}

/**
 * Ajv reads a discriminator's type names from its branches' `type` enums and refuses an explicit
 * `mapping`, which the spec carries for other readers (code generators, Redocly): dropped here.
 */
function withoutDiscriminatorMappings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDiscriminatorMappings);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === 'discriminator' && typeof item === 'object' && item !== null) {
        const rest = { ...(item as Record<string, unknown>) };
        delete rest.mapping;
        return [key, rest];
      }
      return [key, withoutDiscriminatorMappings(item)];
    }),
  );
}

const ajv = new Ajv2020({
  allErrors: false,
  verbose: true,
  discriminator: true,
  allowUnionTypes: true,
  strict: true,
  // A group's `prefixItems` fixes its first item only: [AND|OR, clause, ...].
  strictTuples: false,
});
ajv.addVocabulary(['x-error', 'x-name', 'x-any-value']);
// OpenAPI's integer formats, for generated clients' number types: the ranges a JSON number can
// hold exactly are what the service checks (`minimum` / `maximum` say more where it matters).
ajv.addFormat('int32', {
  type: 'number',
  validate: (n) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) });
// The root holds the schemas where the spec's references point (`#/components/schemas/<Name>`);
// only they are compiled, the root itself validates nothing.
ajv.addKeyword({ keyword: 'components', schemaType: 'object' });
ajv.addSchema({ $id: CONTRACT_ID, components: { schemas: loadComponents() } });

const compiled = new Map<SchemaName, ValidateFunction>();

/** The compiled `#/components/schemas/<name>` of openapi.yaml. */
export function contractSchema(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = ajv.getSchema(`${CONTRACT_ID}#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`openapi.yaml has no component schema ${name}`);
    compiled.set(name, validate);
  }
  return validate;
}

/** The component's own JSON (e.g. to read an enum). */
export function contractComponent(name: SchemaName): Record<string, unknown> {
  return contractSchema(name).schema as Record<string, unknown>;
}

/** Ajv's first error -> the 400 message; `subject` names the body when the body itself is wrong. */
export type ErrorMessage = (error: ErrorObject, subject: string) => string;

/**
 * `body` as `T` if the component accepts it; else ValidationError (400 VALIDATION_ERROR) with
 * the first problem in the words of `message`.
 */
export function checkAgainst<T>(
  name: SchemaName,
  body: unknown,
  subject: string,
  message: ErrorMessage,
): T {
  const validate = contractSchema(name);
  if (!validate(body)) {
    const problem = firstProblem(validate.errors ?? []);
    throw new ValidationError(problem ? message(problem, subject) : `${subject} is invalid`);
  }
  return body as T;
}

/**
 * The error to report. Ajv stops at the first problem, except inside a `oneOf`, which tries every
 * branch and then adds its own error. The branches of the spec's unions differ by JSON type (a
 * string or a list, say), so a branch that refused the value's type at the union's own place is
 * one the value never meant: its error is skipped, and the first other error (the matching
 * branch's, possibly deeper) is the problem. When every branch refused the type, the union's own
 * error is, worded by the union's `x-error`. The innermost union comes first in Ajv's list.
 */
export function firstProblem(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const unions = errors.filter((e) => e.keyword === 'oneOf');
  const unionPaths = new Set(unions.map((e) => e.instancePath));
  const wrongType = (e: ErrorObject) => e.keyword === 'type' && unionPaths.has(e.instancePath);
  return errors.find((e) => e.keyword !== 'oneOf' && !wrongType(e)) ?? unions[0];
}
