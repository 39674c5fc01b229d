import { NotFoundError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type {
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

/**
 * Account parameters as `:_AccountParameter` nodes, one per (account, name). Secret values leave
 * Neo4j only through `values()`: every other statement projects them away.
 */
export class ParameterService implements ParameterApi, ParameterValues {
  private readonly graph: Graph;
  private readonly now: () => number;

  constructor(deps: { graph: Graph; now?: () => number }) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
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
    const [row] = await this.graph.write<ParameterRow>('parameters/put-parameter', {
      ...ref,
      value,
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
    const rows = await this.graph.read<{ name: string; value: ParameterValue }>(
      'parameters/parameter-values',
      { accountId },
    );
    const out = Object.create(null) as Record<string, ParameterValue>;
    for (const { name, value } of rows) out[name] = value;
    return out;
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
