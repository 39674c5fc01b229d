import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/errors/app-error';
import type { UploadOptions } from '../../../../src/sync/jobs/job-types';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';

/**
 * Shared by the upload-validation-*.test.ts files: validateUpload's messages, its options, a valid
 * entity and relationship to vary, and assertions of the exact ValidationError. Not a test file
 * itself (no `.test.ts`).
 */
export const DELETE_LISTS =
  'deleteEntities and deleteRelationships are not supported in sync job uploads: delete entities with DELETE /entities/{id} and change them with PATCH /entities/{id}';
export const ENTITY_TYPES =
  'has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';
export const RELATIONSHIP_TYPES =
  'has invalid type. Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.';

export function options(overrides: Partial<UploadOptions> = {}): UploadOptions {
  return {
    syncMode: 'DIFF',
    scope: 'scope-a',
    ignoreDuplicates: false,
    ignoreIllegalProperties: false,
    route: 'upload',
    ...overrides,
  };
}

export function entity(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { _key: 'host-1', _type: 'example_host', _class: 'Host', ...extra };
}

export function relationship(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _key: 'host-1|runs|app-1',
    _type: 'example_host_runs_app',
    _class: 'RUNS',
    _fromEntityKey: 'host-1',
    _toEntityKey: 'app-1',
    ...extra,
  };
}

export function without(
  object: Record<string, unknown>,
  ...names: string[]
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));
}

export function rejects(body: unknown, opts: Partial<UploadOptions>, message: string): void {
  assert.throws(
    () => validateUpload(body, options(opts)),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, `expected a ValidationError, got ${String(err)}`);
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

export const rejectsEntity = (e: unknown, opts: Partial<UploadOptions>, message: string) =>
  rejects({ entities: [e] }, opts, message);
export const rejectsRelationship = (r: unknown, opts: Partial<UploadOptions>, message: string) =>
  rejects({ relationships: [r] }, opts, message);
