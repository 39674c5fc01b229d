import type { PropertyValue } from '../model/property-value';
import {
  ENTITY_VALID_TYPES_TEXT,
  fail,
  isEntityPropertyValue,
  isObject,
  jsonPointer,
  unstorableNameReason,
} from '../model/property-rules';

/**
 * The body of `PATCH /entities/{entityId}`: `{ "properties": { "<name>": value | null } }`, with
 * the upload's rules for custom properties (src/model/property-rules.ts) and their wording, pointed
 * at `/properties/<name>`. The first offender fails the request.
 */
export type PropertyPatch = Record<string, PropertyValue>;

export function validatePatch(body: unknown): PropertyPatch {
  if (!isObject(body) || !Object.hasOwn(body, 'properties')) fail('/properties is required');
  for (const name of Object.keys(body)) {
    if (name !== 'properties')
      fail(`${jsonPointer(name)} is not allowed: the body holds only /properties`);
  }
  const properties = body.properties;
  if (!isObject(properties)) fail('/properties must be an object');
  const entries = Object.entries(properties);
  if (entries.length === 0) fail('/properties must name at least one property');
  for (const [name, value] of entries) {
    const at = jsonPointer('properties', name);
    if (name.startsWith('_')) {
      fail(`${at} has invalid property name '${name}': system properties cannot be patched`);
    }
    const unstorable = unstorableNameReason(name);
    if (unstorable !== undefined) fail(`${at} has invalid property name '${name}': ${unstorable}`);
    if (!isEntityPropertyValue(value)) fail(`${at} has invalid type. ${ENTITY_VALID_TYPES_TEXT}`);
  }
  // fromEntries defines own properties, so no name can reach the prototype.
  return Object.fromEntries(entries) as PropertyPatch;
}
