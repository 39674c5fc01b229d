/**
 * Compile-time ties between the service's types and the contract's (src/generated/openapi.ts,
 * generated from openapi.yaml; decision 0036). Types only: nothing here exists at run time.
 */

/**
 * `Enum`, once the compiler has proved that `List` (a constant list the code iterates or checks
 * membership in, `[...] as const`) holds exactly its values: a value the contract lacks fails on
 * `readonly Enum[]`, a contract value the list lacks fails on `{ missing: ... }`, which names it.
 * So a spec change that adds or drops a value fails `tsc` until the list follows.
 *
 *     export const SYNC_MODE_NAMES = ['DIFF', 'PATCH', ...] as const;
 *     export type SyncMode = ContractEnum<components['schemas']['SyncMode'], typeof SYNC_MODE_NAMES>;
 */
export type ContractEnum<
  Enum extends string,
  List extends readonly Enum[] & ListsEvery<Enum, List>,
> = Enum;

type ListsEvery<Enum, List extends readonly unknown[]> = [Exclude<Enum, List[number]>] extends [
  never,
]
  ? unknown
  : { missing: Exclude<Enum, List[number]> };

/**
 * `Narrow`, once the compiler has proved it is assignable to the contract's `Contract`: for a
 * service type that is legitimately stricter than what the schema can say (e.g. a list of only
 * one scalar type, where the contract's generated type allows mixed lists).
 */
export type WithinContract<Contract, Narrow extends Contract> = Narrow;
