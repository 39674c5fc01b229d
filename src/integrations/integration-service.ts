import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type {
  IntegrationApi,
  IntegrationInstance,
  IntegrationRef,
  IntegrationResolver,
  IntegrationType,
  ResolvedIntegration,
} from './integration-api';
import {
  secretNamesOf,
  validateIntegrationCreate,
  validateIntegrationUpdate,
} from './integration-schema';
import { SecretBox, SecretBoxError } from '../common/secret-box';

interface StoredRow {
  id: string;
  type: IntegrationType;
  name: string;
  /** JSON text. */
  config: string;
  secretNames: string[];
  createdOn: number;
  updatedOn: number;
}

interface IntegrationRow {
  integration: StoredRow | null;
  taken?: boolean;
  /** The encrypted secrets (get-integration-secrets only); null for none. */
  secrets?: string | null;
}

/**
 * Integration instances as `:_Integration` nodes: type, name (unique per account: 409
 * INTEGRATION_NAME_TAKEN, checked in the writing statement and backed by a constraint), config as
 * JSON text, the names of the secrets, and the secrets themselves as one AES-256-GCM blob sealed
 * with INTEGRATION_SECRETS_KEY and bound to the account and instance ids (secret-box.ts). Secrets
 * are decrypted only by `resolve`, for outbound actions; nothing else reads them back.
 *
 * Without a key, instances without secrets still work, and a body with secrets is 400
 * INTEGRATION_SECRETS_DISABLED. Another account's instance is the same 404 as an unknown one.
 */
export class IntegrationService implements IntegrationApi, IntegrationResolver {
  private readonly graph: Graph;
  private readonly box: SecretBox | undefined;
  private readonly now: () => number;

  constructor(deps: { graph: Graph; secretsKey: Buffer | undefined; now?: () => number }) {
    this.graph = deps.graph;
    this.box = deps.secretsKey === undefined ? undefined : new SecretBox(deps.secretsKey);
    this.now = deps.now ?? Date.now;
  }

  async create(input: { accountId: string; body: unknown }): Promise<IntegrationInstance> {
    const body = validateIntegrationCreate(input.body);
    const id = randomUUID();
    const secrets = body.secrets ?? {};
    const [row] = await this.write('integrations/create-integration', {
      accountId: input.accountId,
      id,
      type: body.type,
      name: body.name,
      config: JSON.stringify(body.config),
      secretNames: secretNamesOf(secrets),
      secrets: this.seal({ accountId: input.accountId, integrationId: id }, secrets),
    });
    if (row?.taken === true) throw nameTaken(body.name);
    return instance(row, id);
  }

  async list(input: { accountId: string; type?: IntegrationType }): Promise<IntegrationInstance[]> {
    const rows = await this.graph.read<IntegrationRow>('integrations/list-integrations', {
      accountId: input.accountId,
      type: input.type ?? null,
    });
    return rows.map((row) => instance(row, ''));
  }

  async get(ref: IntegrationRef): Promise<IntegrationInstance> {
    const [row] = await this.graph.read<IntegrationRow>(
      'integrations/get-integration',
      params(ref),
    );
    return instance(row, ref.integrationId);
  }

  /**
   * Replaces name and config. `secrets` absent keeps the stored ones; present, it replaces them
   * all (`{}` removes them): secrets are never read back, so they cannot be merged field by field.
   */
  async update(input: IntegrationRef & { body: unknown }): Promise<IntegrationInstance> {
    const stored = await this.get(input);
    const body = validateIntegrationUpdate(input.body, stored);
    const replaceSecrets = body.secrets !== undefined;
    const [row] = await this.write('integrations/update-integration', {
      ...params(input),
      name: body.name,
      config: JSON.stringify(body.config),
      replaceSecrets,
      secretNames: replaceSecrets ? secretNamesOf(body.secrets ?? {}) : null,
      secrets: replaceSecrets ? this.seal(input, body.secrets ?? {}) : null,
    });
    if (row?.taken === true) throw nameTaken(body.name);
    return instance(row, input.integrationId);
  }

  async delete(ref: IntegrationRef): Promise<IntegrationInstance> {
    const [row] = await this.graph.write<IntegrationRow>(
      'integrations/delete-integration',
      params(ref),
    );
    return instance(row, ref.integrationId);
  }

  /**
   * The instance an outbound action names, with its secrets decrypted. Rejects with a plain Error
   * whose message the evaluation record shows (never a secret).
   */
  async resolve(input: {
    accountId: string;
    integrationId: string;
    type: IntegrationType;
    action: string;
  }): Promise<ResolvedIntegration> {
    const { integrationId } = input;
    const [row] = await this.graph.read<IntegrationRow>(
      'integrations/get-integration-secrets',
      params(input),
    );
    if (row?.integration === undefined || row.integration === null) {
      throw new Error(`integration instance '${integrationId}' does not exist in this account`);
    }
    const found = instance(row, integrationId);
    if (found.type !== input.type) {
      throw new Error(
        `integration instance '${integrationId}' is a ${found.type} instance; ${input.action} needs a ${input.type} one`,
      );
    }
    return { instance: found, secrets: this.open(input, row.secrets ?? null) };
  }

  /** The blob of `secrets` bound to the instance; null for none. */
  private seal(ref: IntegrationRef, secrets: Record<string, unknown>): string | null {
    if (Object.keys(secrets).length === 0) return null;
    if (this.box === undefined) {
      throw new ValidationError(
        'Secrets cannot be stored: INTEGRATION_SECRETS_KEY is not set on this server',
        'INTEGRATION_SECRETS_DISABLED',
      );
    }
    return this.box.seal(JSON.stringify(secrets), aad(ref));
  }

  private open(ref: IntegrationRef, blob: string | null): Record<string, unknown> {
    if (blob === null) return {};
    const id = ref.integrationId;
    if (this.box === undefined) {
      throw new Error(
        `integration instance '${id}' has secrets, but INTEGRATION_SECRETS_KEY is not set on this server`,
      );
    }
    try {
      return JSON.parse(this.box.open(blob, aad(ref))) as Record<string, unknown>;
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      throw new Error(
        `integration instance '${id}': its secrets cannot be decrypted with INTEGRATION_SECRETS_KEY (${err.message})`,
      );
    }
  }

  /** A write whose name check lost a race with another writer meets the constraint: the same 409. */
  private async write(name: string, values: Record<string, unknown>): Promise<IntegrationRow[]> {
    try {
      return await this.graph.write<IntegrationRow>(name, { ...values, now: this.now() });
    } catch (err) {
      if (err instanceof ConflictError) throw nameTaken(String(values.name));
      throw err;
    }
  }
}

/** What a blob is bound to: the account and the instance, unambiguously. */
export function aad(ref: IntegrationRef): string {
  return JSON.stringify([ref.accountId, ref.integrationId]);
}

function params(ref: IntegrationRef): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.integrationId };
}

function instance(row: IntegrationRow | undefined, integrationId: string): IntegrationInstance {
  if (row?.integration === undefined || row.integration === null) {
    throw integrationNotFound(integrationId);
  }
  const { config, ...rest } = row.integration;
  return {
    id: rest.id,
    type: rest.type,
    name: rest.name,
    config: JSON.parse(config) as Record<string, unknown>,
    secretNames: rest.secretNames,
    createdOn: rest.createdOn,
    updatedOn: rest.updatedOn,
  };
}

export function integrationNotFound(integrationId: string): NotFoundError {
  return new NotFoundError(
    `No integration instance with id '${integrationId}' in this account`,
    'INTEGRATION_NOT_FOUND',
  );
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(
    `An integration instance named '${name}' already exists in this account`,
    'INTEGRATION_NAME_TAKEN',
  );
}
