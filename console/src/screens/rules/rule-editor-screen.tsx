import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Page } from '../../ui/page';
import { ErrorNote, Loading } from '../../ui/states';
import { RuleEditor } from './rule-editor';
import { NEW_RULE_TEXT } from './rule-json';

/**
 * `/rules/new` and `/rules/:ruleId`: a rule's JSON, checked against the contract as it is
 * typed, validated, dry-run and saved through the API.
 */
export function RuleEditorScreen() {
  const { ruleId } = useParams();
  const { api } = useSession();
  const rule = useQuery({
    queryKey: ['rule', ruleId],
    enabled: ruleId !== undefined,
    queryFn: async () =>
      (await ok(api.GET('/rules/{ruleId}', { params: { path: { ruleId: ruleId ?? '' } } }))).rule,
  });

  if (ruleId === undefined) return <RuleEditor key="new" savedText={NEW_RULE_TEXT} />;
  if (rule.isPending)
    return (
      <Page title="Rule">
        <Loading what="the rule" />
      </Page>
    );
  if (rule.isError)
    return (
      <Page title="Rule">
        <ErrorNote error={rule.error} />
        <p>
          <Link to="/rules">All rules</Link>
        </p>
      </Page>
    );
  // Keyed by version: a save remounts the editor on the stored text.
  return <RuleEditor key={`${rule.data.id}@${rule.data.version}`} rule={rule.data} />;
}
