import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { components } from '../../../../src/generated/openapi';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';

type PackRule = components['schemas']['RulePackRule'];
type Outcome = { name: string; ruleId?: string; error?: string };

/** A pack file holds one rule-pack rule, a list of them, or `{ "rules": [...] }`. */
function packRules(parsed: unknown): PackRule[] {
  if (Array.isArray(parsed)) return parsed as PackRule[];
  const wrapped = (parsed as { rules?: unknown } | null)?.rules;
  if (Array.isArray(wrapped)) return wrapped as PackRule[];
  if (parsed !== null && typeof parsed === 'object') return [parsed as PackRule];
  throw new Error('A rule pack is a JSON object or a list of them.');
}

function nameOf(rule: PackRule, index: number): string {
  return typeof rule.name === 'string' ? rule.name : `rule ${index + 1}`;
}

/**
 * Import of a rule-pack file: POST /rules/import takes one compact pack rule at a time, so each
 * entry is posted in turn and its outcome (the created rule, or the API's message) listed.
 */
export function RulesImport() {
  const { api } = useSession();
  const client = useQueryClient();
  const inputId = useId();
  const run = useMutation({
    mutationFn: async (file: File): Promise<Outcome[]> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch (e) {
        throw new Error(`${file.name} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
      }
      const outcomes: Outcome[] = [];
      for (const [i, rule] of packRules(parsed).entries()) {
        try {
          const stored = await ok(api.POST('/rules/import', { body: rule }));
          outcomes.push({ name: stored.rule.name, ruleId: stored.rule.id });
        } catch (e) {
          outcomes.push({
            name: nameOf(rule, i),
            error: e instanceof Error ? e.message : String(e),
          });
        }
      }
      return outcomes;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['rules'] }),
  });

  const created = run.data?.filter((o) => o.ruleId !== undefined).length ?? 0;
  const failed = (run.data?.length ?? 0) - created;
  return (
    <div className="card rules-import">
      <label htmlFor={inputId}>Import rule pack (JSON)</label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        disabled={run.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) run.mutate(file);
          event.target.value = '';
        }}
      />
      {run.isPending && (
        <p className="state state-loading" role="status">
          Importing…
        </p>
      )}
      {run.isError && (
        <p className="state state-error" role="alert">
          {run.error.message}
        </p>
      )}
      {run.data !== undefined && (
        <div role="status">
          <p>
            Imported {created} of {run.data.length} rules
            {failed > 0 ? `; ${failed} refused` : ''}.
          </p>
          <ul>
            {run.data.map((o, i) => (
              <li key={`${o.name}-${i}`}>
                {o.ruleId !== undefined ? (
                  <Link to={`/rules/${o.ruleId}`}>{o.name}</Link>
                ) : (
                  <>
                    {o.name}: <span className="error-message">{o.error}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
