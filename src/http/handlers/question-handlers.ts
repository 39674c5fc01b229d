import type { Request, Response } from 'express';
import type { QuestionApi, QuestionRef } from '../../questions/question-api';
import { authOf } from '../auth';
import { type HandlerMap, pathParam } from '../handler-map';

/**
 * The question library API. Bodies reach the service checked against openapi.yaml's
 * QuestionRequest (with the house messages, src/http/contract-validation.ts).
 */
export function questionHandlers(deps: { questions: QuestionApi }): HandlerMap {
  const { questions } = deps;
  return {
    createQuestion: async (req: Request, res: Response) => {
      const question = await questions.create({
        accountId: authOf(res).accountId,
        body: req.body,
      });
      res.status(201).json({ question });
    },
    listQuestions: async (req: Request, res: Response) => {
      const query = req.query as Record<string, string | undefined>;
      const page = await questions.list({
        accountId: authOf(res).accountId,
        limit: query.limit === undefined ? undefined : Number(query.limit),
        cursor: query.cursor,
        title: query.title,
        tag: query.tag,
      });
      res.status(200).json(page);
    },
    getQuestion: async (req: Request, res: Response) => {
      res.status(200).json({ question: await questions.get(questionRef(req, res)) });
    },
    updateQuestion: async (req: Request, res: Response) => {
      const question = await questions.update({ ...questionRef(req, res), body: req.body });
      res.status(200).json({ question });
    },
    deleteQuestion: async (req: Request, res: Response) => {
      res.status(200).json({ question: await questions.delete(questionRef(req, res)) });
    },
  };
}

function questionRef(req: Request, res: Response): QuestionRef {
  return { accountId: authOf(res).accountId, questionId: pathParam(req, 'questionId') };
}
