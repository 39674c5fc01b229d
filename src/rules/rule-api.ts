import type { WithinContract } from '../contract/contract-types';
import type { components } from '../generated/openapi';
import type { RuleDefinition } from './rule-types';

/**
 * A stored rule: its normalised definition plus what the service keeps about it. Narrower than
 * the contract's `Rule` (a condition's list form is typed here, an any value to generators), and
 * proved within it, so a rule answer cannot drift from what clients read.
 */
export type StoredRule = WithinContract<components['schemas']['Rule'], StoredRuleShape>;

type StoredRuleShape = RuleDefinition & {
  id: string;
  /** 1 at creation, + 1 on every update. */
  version: number;
  /** Epoch ms. */
  createdOn: number;
  updatedOn: number;
  /**
   * Always null: JupiterOne's stored rules carry `state`, and graphsync keeps no per-rule state
   * there (alerts and evaluation records hold it). Not part of the stored definition.
   */
  state: null;
};

export interface RuleRef {
  accountId: string;
  ruleId: string;
}

export interface RulePage {
  rules: StoredRule[];
  /** Pass as `cursor` for the next page; absent on the last one. */
  cursor?: string;
}

export interface ListRulesInput {
  accountId: string;
  limit?: number;
  cursor?: string;
  /** Only rules whose name contains this (any case). */
  name?: string;
  /** Only rules carrying this tag. */
  tag?: string;
}

/** One saved version of a rule: its definition as it was saved, and when. */
export interface RuleVersion {
  version: number;
  /** Epoch ms: when this version was saved (created or updated). */
  savedOn: number;
  rule: RuleDefinition;
}

/** Rules of an account: validated definitions, stored as versions of one rule per name. */
export interface RuleApi {
  create(input: { accountId: string; body: unknown }): Promise<StoredRule>;
  /** A compact rule-pack entry, expanded with the default alert settings, then created. */
  import(input: { accountId: string; body: unknown }): Promise<StoredRule>;
  /** Validates and normalises without saving. */
  validate(body: unknown): RuleDefinition;
  get(ref: RuleRef): Promise<StoredRule>;
  list(input: ListRulesInput): Promise<RulePage>;
  update(input: RuleRef & { body: unknown }): Promise<StoredRule>;
  /** The rule's versions, newest (the current one) first. */
  versions(ref: RuleRef): Promise<RuleVersion[]>;
  delete(ref: RuleRef): Promise<StoredRule>;
}
