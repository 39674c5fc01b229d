import { openParameterValue, sealParameterValue } from '../common/sealed-parameter';
import { SecretBox } from '../common/secret-box';
import { NotFoundError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type {
  AccountParameters,
  Parameter,
  ParameterApi,
  ParameterRef,
  ParameterValue,
  ParameterValues,
} from './parameter-api';
import { validateName, validatePutBody } from './parameter-validation';

/** A parameter as the statements answer it: `value` is null for a secret one. */
interface StoredParameter {
  name: string;
  value: ParameterValue | null;
  secret: boolean;
  createdOn: number;
  updatedOn: number;
}

interface ParameterRow {
  parameter: StoredParameter;
}

/** A row of parameters/parameter-values. */
interface ValueRow {
  name: string;
  value: ParameterValue | null;
  sealed: string | null;
  secret: boolean;
}

/**
 * Account parameters as `:_AccountParameter` nodes, one per (account, name). Secret values leave
 * Neo4j only through `values()` / `read()`: every other statement projects them away. With a
 * secrets key (the composition always passes one: INTEGRATION_SECRETS_KEY, or DATA_DIR's generated
 * key, src/common/sealed-parameter.ts parameterKeys) a secret value is stored sealed (`sealed`,
 * AES-256-GCM bound to the account and name), never as `value`; a service built without one (tests
 * of the legacy state) stores it as it came, for the start-up migration to seal.
 */
export class ParameterService implements ParameterApi, ParameterValues {
  private readonly graph: Graph;
  private readonly now: () => number;
  private readonly box: SecretBox | undefined;

  constructor(deps: { graph: Graph; secretsKey?: Buffer | undefined; now?: () => number }) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
    this.box = deps.secretsKey === undefined ? undefined : new SecretBox(deps.secretsKey);
  }

  async list(accountId: string): Promise<Parameter[]> {
    const rows = await this.graph.read<ParameterRow>('parameters/list-parameters', { accountId });
    return rows.map((r) => shape(r.parameter));
  }

  async get(ref: ParameterRef): Promise<Parameter> {
    return found(
      await this.graph.read<ParameterRow>('parameters/get-parameter', params(ref)),
      ref.name,
    );
  }

  async put(input: ParameterRef & { body: unknown }): Promise<Parameter> {
    const ref = params(input);
    const { value, secret } = validatePutBody(input.body);
    const sealed =
      secret && this.box !== undefined ? sealParameterValue(this.box, ref, value) : null;
    const [row] = await this.graph.write<ParameterRow>('parameters/put-parameter', {
      ...ref,
      value: sealed === null ? value : null,
      sealed,
      secret,
      now: this.now(),
    });
    if (row === undefined) throw new Error(`Parameter '${ref.name}' was not written`);
    return shape(row.parameter);
  }

  async delete(ref: ParameterRef): Promise<Parameter> {
    return found(
      await this.graph.write<ParameterRow>('parameters/delete-parameter', params(ref)),
      ref.name,
    );
  }

  async values(accountId: string): Promise<Record<string, ParameterValue>> {
    return (await this.read(accountId)).values;
  }

  async read(accountId: string): Promise<AccountParameters> {
    const rows = await this.graph.read<ValueRow>('parameters/parameter-values', { accountId });
    const values = Object.create(null) as Record<string, ParameterValue>;
    const secret = new Set<string>();
    for (const row of rows) {
      values[row.name] = this.valueOf(accountId, row);
      if (row.secret) secret.add(row.name);
    }
    return { values, secret };
  }

  /** A row's value: opened when sealed (a server without the key cannot read it). */
  private valueOf(accountId: string, row: ValueRow): ParameterValue {
    if (row.sealed === null) return row.value as ParameterValue;
    if (this.box === undefined) {
      throw new Error(
        `Secret parameter '${row.name}' is sealed, but INTEGRATION_SECRETS_KEY is not set on this server`,
      );
    }
    return openParameterValue(
      this.box,
      { accountId, name: row.name },
      row.sealed,
    ) as ParameterValue;
  }
}

function params(ref: ParameterRef): { accountId: string; name: string } {
  return { accountId: ref.accountId, name: validateName(ref.name) };
}

function shape(stored: StoredParameter): Parameter {
  const { name, value, secret, createdOn, updatedOn } = stored;
  return secret || value === null
    ? { name, secret, createdOn, updatedOn }
    : { name, value, secret, createdOn, updatedOn };
}

/** The one row a statement answers for a name, or 404: unknown and another account's read the same. */
function found(rows: ParameterRow[], name: string): Parameter {
  const [row] = rows;
  if (row === undefined) {
    throw new NotFoundError(`No parameter named '${name}' in this account`, 'PARAMETER_NOT_FOUND');
  }
  return shape(row.parameter);
}
