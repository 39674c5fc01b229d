import type { components } from '../../../../src/generated/openapi';

export type Vertex = components['schemas']['Vertex'];
export type RawDataMetadata = components['schemas']['RawDataMetadata'];
export type Change = components['schemas']['Change'];
export type EntityRelationship = components['schemas']['EntityRelationship'];

/** The query keys of what this screen reads, so a write can refresh exactly those. */
export const entityKeys = {
  entity: (accountId: string, id: string) => ['entity', accountId, id],
  relationships: (accountId: string, id: string) => ['entity-relationships', accountId, id],
  history: (accountId: string, id: string) => ['entity-history', accountId, id],
  rawData: (accountId: string, id: string) => ['entity-raw-data', accountId, id],
};

/** The entity's own properties, the ones PATCH may set: displayName and the custom ones. */
export function ownProperties(v: Vertex): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  if (v.entity.displayName !== undefined) own.displayName = v.entity.displayName;
  return { ...own, ...v.properties };
}

/** A name for the entity as a reader knows it. */
export function entityName(v: Vertex): string {
  const name = v.entity.displayName;
  if (typeof name === 'string' && name !== '') return name;
  return v.entity._key ?? v.id;
}

/** A value as one line of text: lists joined by commas, the rest as text or JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
    return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
