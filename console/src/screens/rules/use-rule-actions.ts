import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { parseRule, type Rule } from './rule-json';

/**
 * The editor's three calls on the text it holds: validate (POST /rules/validate), test as a dry
 * run (POST /rules/evaluate: nothing is stored, no alert, no message, so it works for a saved
 * rule's edited text as for a new one) and save (POST /rules, or PUT /rules/{ruleId}).
 */
export function useRuleActions(ruleId: string | undefined, text: string) {
  const { api } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();

  const validate = useMutation({
    mutationFn: () => ok(api.POST('/rules/validate', { body: parseRule(text) })),
  });
  const test = useMutation({
    mutationFn: async () =>
      (await ok(api.POST('/rules/evaluate', { body: { rule: parseRule(text), dryRun: true } })))
        .evaluation,
  });
  const save = useMutation({
    mutationFn: async (): Promise<Rule> => {
      const body = parseRule(text);
      const saved =
        ruleId === undefined
          ? await ok(api.POST('/rules', { body }))
          : await ok(api.PUT('/rules/{ruleId}', { params: { path: { ruleId } }, body }));
      return saved.rule;
    },
    onSuccess: async (rule) => {
      client.setQueryData(['rule', rule.id], rule);
      await client.invalidateQueries({ queryKey: ['rules'] });
      // The stored rule remounts the editor (new text, new version): the message rides along.
      await navigate(`/rules/${rule.id}`, {
        replace: ruleId !== undefined,
        state: { saved: rule.version },
      });
    },
  });
  return { validate, test, save };
}
