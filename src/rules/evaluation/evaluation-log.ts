import type { FullQueryResult } from '../../query/query-service';
import type { QueryOutcome } from './evaluation-record';
import {
  errorText,
  type QueryAnswer,
  queryErrors,
  queryOutcome,
  queryRun,
  type QueryRun,
} from './evaluation-steps';

/** How the evaluator runs a J1QL query: every row of it. */
export interface QueryRunner {
  runAll(request: {
    accountId: string;
    query: string;
    includeDeleted?: boolean;
  }): Promise<FullQueryResult>;
}

/**
 * What one evaluation met, in order: each query it ran (the rule's, then SERVICE_QUERY actions')
 * and every error. It runs the queries, so that each is recorded as it ends.
 */
export class EvaluationLog {
  readonly queries: QueryOutcome[] = [];
  readonly errors: string[] = [];

  constructor(
    private readonly deps: { queries: QueryRunner; now: () => number },
    private readonly accountId: string,
    private readonly secrets: readonly string[],
  ) {}

  /** Runs one query and records it; a failing query is recorded, then rejects as it did. */
  async runQuery(name: string, query: string, includeDeleted: boolean): Promise<QueryRun> {
    const started = this.deps.now();
    const { accountId } = this;
    let answer: QueryAnswer;
    try {
      answer = { result: await this.deps.queries.runAll({ accountId, query, includeDeleted }) };
    } catch (err) {
      this.record(name, query, { error: errorText(err) }, started);
      throw err;
    }
    this.record(name, query, answer, started);
    return queryRun(answer.result);
  }

  private record(name: string, query: string, answer: QueryAnswer, started: number): void {
    const outcome = queryOutcome(name, query, answer, this.deps.now() - started, this.secrets);
    this.queries.push(outcome);
    this.errors.push(...queryErrors(outcome));
  }
}
