import type { Request, Response } from 'express';
import type { RuleApi, RuleRef } from '../../rules/rule-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The rules API. Bodies reach the service checked against openapi.yaml's RuleRequest and
 * RulePackRule (with the house messages, src/http/contract-validation.ts); the service checks
 * them again, then what one field cannot say, templates and queries (src/rules).
 */
export function ruleHandlers(deps: { rules: RuleApi }): HandlerMap {
  const { rules } = deps;
  return {
    createRule: async (req: Request, res: Response) => {
      const rule = await rules.create({ accountId: authOf(res).accountId, body: req.body });
      res.status(201).json({ rule });
    },
    importRule: async (req: Request, res: Response) => {
      const rule = await rules.import({ accountId: authOf(res).accountId, body: req.body });
      res.status(201).json({ rule });
    },
    validateRule: (req: Request, res: Response) => {
      res.status(200).json({ valid: true, rule: rules.validate(req.body) });
    },
    listRules: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await rules.list({
        accountId: authOf(res).accountId,
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
        name: query.name,
        tag: query.tag,
      });
      res.status(200).json(page);
    },
    getRule: async (req: Request, res: Response) => {
      res.status(200).json({ rule: await rules.get(ruleRef(req, res)) });
    },
    listRuleVersions: async (req: Request, res: Response) => {
      res.status(200).json({ versions: await rules.versions(ruleRef(req, res)) });
    },
    updateRule: async (req: Request, res: Response) => {
      res.status(200).json({ rule: await rules.update({ ...ruleRef(req, res), body: req.body }) });
    },
    deleteRule: async (req: Request, res: Response) => {
      res.status(200).json({ rule: await rules.delete(ruleRef(req, res)) });
    },
  };
}

function ruleRef(req: Request, res: Response): RuleRef {
  return { accountId: authOf(res).accountId, ruleId: pathParam(req, 'ruleId') };
}
