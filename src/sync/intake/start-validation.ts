import { checkGuardPercent } from '../../accounts/delete-guard-setting';
import { PLACEHOLDER_SCOPE } from '../finalize/apply-mapped';
import { fail, isObject } from '../../model/property-rules';
import {
  JOB_SOURCES,
  SYNC_MODE_NAMES,
  type JobSource,
  type StartJobInput,
  type SyncMode,
} from '../jobs/job-types';
import { DEFAULT_SYNC_MODE, RETIRED_SYNC_MODES, SYNC_MODES } from '../modes/mode-policy';

const STRING_FIELDS = ['source', 'scope', 'syncMode', 'integrationInstanceId', 'integrationJobId'];

/**
 * `scope` (and `integrationInstanceId`, the scope of integration jobs) is part of every entity's
 * index entries, together with the account and the key's digest (decision 0035): Neo4j indexes
 * at most ~8 KB per entry, and scopes are names, so 1000 bytes leave room to spare.
 */
export const MAX_SCOPE_BYTES = 1000;
const SCOPE_FIELDS = ['scope', 'integrationInstanceId'];

/** The sources whose jobs may name a `scope`. */
const SCOPED_SOURCES: readonly JobSource[] = ['api', 'system-internal'];

/**
 * Validates the body of POST /persister/synchronization/jobs. Clients send `null` for unset fields,
 * so null counts as absent. Shape and type errors come first, then a retired mode, then the
 * rules that relate fields to each other, then the mode's own (its row of SYNC_MODES).
 */
export function validateStart(body: unknown, accountFeatures: readonly string[]): StartJobInput {
  if (!isObject(body)) fail('The request body must be a JSON object');

  const field = (name: string): unknown => body[name] ?? undefined;
  for (const name of STRING_FIELDS) {
    const value = field(name);
    if (value !== undefined && typeof value !== 'string') fail(`${name} must be a string`);
    if (value === '' && name !== 'source' && name !== 'syncMode') fail(`${name} must not be empty`);
    if (
      typeof value === 'string' &&
      SCOPE_FIELDS.includes(name) &&
      Buffer.byteLength(value, 'utf8') > MAX_SCOPE_BYTES
    ) {
      fail(`${name}: maximum length exceeded (${MAX_SCOPE_BYTES} bytes)`);
    }
  }
  const ignoreDuplicates = field('ignoreDuplicates');
  if (ignoreDuplicates !== undefined && typeof ignoreDuplicates !== 'boolean') {
    fail('ignoreDuplicates must be a boolean');
  }

  const deleteGuardPercent = checkGuardPercent(field('deleteGuardPercent'), 'deleteGuardPercent');

  const source = field('source') as string | undefined;
  if (source === undefined) fail('source is required');
  if (!isOneOf(JOB_SOURCES, source)) fail(`source must be one of ${JOB_SOURCES.join(', ')}`);

  const syncMode = (field('syncMode') as string | undefined) ?? DEFAULT_SYNC_MODE;
  const retired = RETIRED_SYNC_MODES.get(syncMode);
  if (retired !== undefined) fail(retired);
  if (!isOneOf(SYNC_MODE_NAMES, syncMode))
    fail(`syncMode must be one of ${SYNC_MODE_NAMES.join(', ')}`);

  const scope = field('scope') as string | undefined;
  const integrationInstanceId = field('integrationInstanceId') as string | undefined;
  const integrationJobId = field('integrationJobId') as string | undefined;

  const start = { source, syncMode, scope, integrationInstanceId, accountFeatures };
  checkCrossFieldRules(start);
  checkModeRules(start);

  return {
    source,
    ...(scope === undefined ? {} : { scope }),
    syncMode,
    ...(integrationInstanceId === undefined ? {} : { integrationInstanceId }),
    ...(integrationJobId === undefined ? {} : { integrationJobId }),
    ignoreDuplicates: ignoreDuplicates ?? false,
    ...(deleteGuardPercent === undefined ? {} : { deleteGuardPercent }),
  };
}

interface StartFields {
  source: JobSource;
  syncMode: SyncMode;
  scope: string | undefined;
  integrationInstanceId: string | undefined;
  accountFeatures: readonly string[];
}

function checkCrossFieldRules(start: StartFields): void {
  const { source, scope } = start;
  // JupiterOne's API takes a scope from `api` jobs only; the integration SDK runtime (17.x) also
  // starts `system-internal` jobs with one, and real clients win (decision 0006).
  if (scope !== undefined && !SCOPED_SOURCES.includes(source)) {
    fail(`scope can only be used when source is ${SCOPED_SOURCES.join(' or ')}`);
  }
  for (const [name, value] of [
    ['scope', scope],
    ['integrationInstanceId', start.integrationInstanceId],
  ] as const) {
    if (value === PLACEHOLDER_SCOPE) {
      fail(
        `${name} '${PLACEHOLDER_SCOPE}' is reserved for the targets that mapped relationships create`,
      );
    }
  }
  if (source === 'integration-external' && start.integrationInstanceId === undefined) {
    fail('integrationInstanceId is required when source is integration-external');
  }
}

/** The start rules of the job's mode: its feature flag, the sources it takes, its scope. */
function checkModeRules(start: StartFields): void {
  const { source, syncMode, scope } = start;
  const rules = SYNC_MODES[syncMode].start;
  if (rules.featureGate !== null && !start.accountFeatures.includes(rules.featureGate)) {
    fail(`${syncMode} sync mode is not enabled for this account`);
  }
  if (rules.sources !== null && !rules.sources.includes(source)) {
    fail(`${syncMode} sync jobs require source ${rules.sources.join(' or ')}`);
  }
  if (scope !== undefined) return;
  if (rules.scopeRequiredFor === 'all') fail(`scope is required when syncMode is ${syncMode}`);
  if (rules.scopeRequiredFor.includes(source)) {
    fail(`scope is required when syncMode is ${syncMode} and source is ${source}`);
  }
}

function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}
