import { AlertService } from '../alerts/alert-service';
import { GraphEntityTagger } from '../entities/entity-tagger';
import type { Graph } from '../graph/graph';
import type { ParameterService } from '../parameters/parameter-service';
import { QuestionService } from '../questions/question-service';
import type { QueryService } from '../query/query-service';
import { EvaluationService } from './evaluation/evaluation-service';
import type {
  FailureNotifier,
  OutboundActionHandler,
  OutboundActionType,
} from './evaluation/outbound-action';
import { RuleEvaluator } from './evaluation/rule-evaluator';
import { RuleService } from './rule-service';
import { ruleValidator } from './rule-validator';
import type { RuleLock, RuleSchedule } from './schedule/rule-schedule';

/** The services of the rule engine, wired to each other. */
export interface RuleEngine {
  rules: RuleService;
  questions: QuestionService;
  alerts: AlertService;
  evaluations: EvaluationService;
}

/** The part of the engine that runs rules: all of it but the rule service that tells a schedule. */
export type RuleRunning = Omit<RuleEngine, 'rules'>;

export interface RuleRunningDeps {
  graph: Graph;
  query: Pick<QueryService, 'runAll'>;
  parameters: Pick<ParameterService, 'values' | 'list'>;
  lock: RuleLock;
  evaluationsKept: number;
  /** Base URL of the API, for `alertWebLink` (read when an evaluation runs). */
  baseUrl: () => string;
  outbound?: OutboundActionHandler[];
  notifier?: FailureNotifier;
  now?: () => number;
}

/**
 * Builds the rule engine for a process (the API, a worker, a test): the question library, rules
 * (which keep the schedule told), alerts, and evaluations (which hold the rule lock).
 */
export function buildRuleEngine(deps: RuleRunningDeps & { schedule?: RuleSchedule }): RuleEngine {
  return withRuleService(buildRuleRunning(deps), deps);
}

/**
 * The engine in two steps, for a schedule that runs rules: the schedule's ticks run through the
 * evaluations, and the rule service tells the schedule of every saved and deleted rule. So the
 * evaluations come first (they only read rules: through a rule service that tells no schedule),
 * then the schedule is opened with them, then `withRuleService` adds the rule service that tells
 * it. Nothing is bound late (src/compose/build-services.ts).
 */
export function buildRuleRunning(deps: RuleRunningDeps): RuleRunning {
  const { graph } = deps;
  const now = deps.now ?? Date.now;
  const questions = new QuestionService({ graph, now });
  const alerts = new AlertService({ graph, now });
  const evaluator = new RuleEvaluator({
    queries: deps.query,
    parameters: deps.parameters,
    alerts,
    tagger: new GraphEntityTagger({ graph }),
    outbound: new Map<OutboundActionType, OutboundActionHandler>(
      (deps.outbound ?? []).map((handler) => [handler.type, handler]),
    ),
    now,
    webLink: (ruleId) =>
      ruleId === undefined
        ? `${deps.baseUrl()}/console/alerts`
        : `${deps.baseUrl()}/console/alerts?ruleId=${encodeURIComponent(ruleId)}`,
  });
  const evaluations = new EvaluationService({
    graph,
    rules: new RuleService({ graph, validator: ruleValidator, questions, now }),
    questions,
    evaluator,
    lock: deps.lock,
    evaluationsKept: deps.evaluationsKept,
    ...(deps.notifier === undefined ? {} : { notifier: deps.notifier }),
  });
  return { questions, alerts, evaluations };
}

/** The second step of buildRuleRunning: the rule service, telling `schedule` of every change. */
export function withRuleService(
  running: RuleRunning,
  deps: { graph: Graph; schedule?: RuleSchedule; now?: () => number },
): RuleEngine {
  const rules = new RuleService({
    graph: deps.graph,
    validator: ruleValidator,
    questions: running.questions,
    now: deps.now ?? Date.now,
    ...(deps.schedule === undefined ? {} : { schedule: deps.schedule }),
  });
  return { rules, ...running };
}
