import type { Request, Response } from 'express';
import type { RuleEvaluationApi } from '../../rules/evaluation/evaluation-service';
import { authOf } from '../auth';
import { type HandlerMap, type JsonBody, pathParam } from '../handler-map';

/** Rule evaluations: run a stored rule now, dry-run a rule body, read a rule's records. */
export function evaluationHandlers(deps: { evaluations: RuleEvaluationApi }): HandlerMap {
  const { evaluations } = deps;
  return {
    dryRunRule: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'dryRunRule'>;
      const evaluation = await evaluations.dryRun({
        accountId: authOf(res).accountId,
        rule: body.rule,
      });
      res.status(200).json({ evaluation });
    },
    evaluateRule: async (req: Request, res: Response) => {
      const body = req.body as JsonBody<'evaluateRule'>;
      const evaluation = await evaluations.evaluate({
        ...ruleKey(req, res),
        dryRun: body?.dryRun === true,
      });
      res.status(200).json({ evaluation });
    },
    listRuleEvaluations: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await evaluations.list({
        ...ruleKey(req, res),
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
      });
      res.status(200).json(page);
    },
    getRuleEvaluation: async (req: Request, res: Response) => {
      const evaluation = await evaluations.get({
        ...ruleKey(req, res),
        evaluationId: pathParam(req, 'evaluationId'),
      });
      res.status(200).json({ evaluation });
    },
    // `limit` defaults as openapi.yaml says (25); the validator has checked its range.
    listRuleEvaluationEntities: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const limit = query.limit === undefined ? 25 : Number(query.limit);
      res.status(200).json(
        await evaluations.entities({
          ...ruleKey(req, res),
          evaluationId: pathParam(req, 'evaluationId'),
          limit,
        }),
      );
    },
  };
}

function ruleKey(req: Request, res: Response): { accountId: string; ruleId: string } {
  return { accountId: authOf(res).accountId, ruleId: pathParam(req, 'ruleId') };
}
