import assert from 'node:assert/strict';
import type { ContractEnum, WithinContract } from '../../../src/contract/contract-types';

type Contract = 'A' | 'B';

/**
 * The compile-time ties of src/contract/contract-types.ts refuse what they must: `tsc` (npm run
 * lint:types) fails if an `@ts-expect-error` below stops finding an error.
 */
describe('contract types', () => {
  it('ContractEnum takes a list of exactly the enum values, in any order', () => {
    const exact: ContractEnum<Contract, readonly ['B', 'A']> = 'A';
    // @ts-expect-error the list lacks 'B', which the contract has
    const missing: ContractEnum<Contract, readonly ['A']> = 'A';
    // @ts-expect-error the list has 'C', which the contract lacks
    const extra: ContractEnum<Contract, readonly ['A', 'B', 'C']> = 'A';
    assert.deepEqual([exact, missing, extra], ['A', 'A', 'A']);
  });

  it('WithinContract takes a narrower type, not a wider one', () => {
    const narrow: WithinContract<string | number, string> = 's';
    // @ts-expect-error boolean is not within string | number
    const wide: WithinContract<string | number, string | boolean> = 's';
    assert.deepEqual([narrow, wide], ['s', 's']);
  });
});
