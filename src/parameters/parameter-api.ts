import type { WithinContract } from '../contract/contract-types';
import type { components } from '../generated/openapi';

type Schemas = components['schemas'];

/**
 * Account parameters (`/parameters`): named values an account stores once and refers to from
 * J1QL queries (`${param.<name>}`) and rule templates (`param.<name>`). A value is a boolean,
 * string or number, or a list of only one of those; a `secret` value is write-only.
 */
export type ParameterScalar = boolean | string | number;
/**
 * openapi.yaml's ParameterValue, narrowed: a list holds only one scalar type, which the schema
 * says in words and the service checks, but the generated type (one array of any scalar) cannot.
 */
export type ParameterValue = WithinContract<
  Schemas['ParameterValue'],
  ParameterScalar | boolean[] | string[] | number[]
>;

export interface ParameterRef {
  accountId: string;
  name: string;
}

/**
 * A parameter as the API shows it (openapi.yaml's Parameter): never the value of a secret one.
 * `value` is narrowed to the lists of one scalar type the service stores.
 */
export type Parameter = Omit<Schemas['Parameter'], 'value'> & { value?: ParameterValue };

/**
 * What the HTTP adapters need. The PUT body is passed as parsed JSON (`unknown`) and validated by
 * the service, so every rule and message lives in src/parameters. Nothing here returns a secret
 * value.
 */
export interface ParameterApi {
  /** Every parameter of the account, by name. */
  list(accountId: string): Promise<Parameter[]>;
  get(ref: ParameterRef): Promise<Parameter>;
  /** Creates or replaces the parameter; `body`: `{ "value": ..., "secret"?: boolean }`. */
  put(input: ParameterRef & { body: unknown }): Promise<Parameter>;
  /** Removes the parameter and answers it as it was. */
  delete(ref: ParameterRef): Promise<Parameter>;
}

/**
 * What query and rule evaluation need: every value of the account in one read, secrets included.
 * Never exposed over HTTP. The record has no prototype, so an unknown name reads as undefined.
 */
export interface ParameterValues {
  values(accountId: string): Promise<Record<string, ParameterValue>>;
  /** The values and which names are secret (explain shows those as `[secret]`). */
  read(accountId: string): Promise<AccountParameters>;
}

export interface AccountParameters {
  values: Record<string, ParameterValue>;
  secret: ReadonlySet<string>;
}
