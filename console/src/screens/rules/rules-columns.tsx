import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import type { Column } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import type { Rule } from './rule-json';

type Alert = { id: string; level: string };

/**
 * A rule's newest evaluation: the rule carries none, so each row asks for the first record of
 * GET /rules/{ruleId}/evaluations (limit 1), cached by TanStack Query.
 */
function LastEvaluation(props: { ruleId: string }) {
  const { api } = useSession();
  const last = useQuery({
    queryKey: ['rule-last-evaluation', props.ruleId],
    queryFn: async () =>
      (
        await ok(
          api.GET('/rules/{ruleId}/evaluations', {
            params: { path: { ruleId: props.ruleId }, query: { limit: 1 } },
          }),
        )
      ).evaluations[0] ?? null,
  });
  if (last.isPending) return <>…</>;
  if (last.isError) return <>unknown</>;
  if (last.data === null) return <>never</>;
  return (
    <>
      {formatTime(last.data.startedOn)}{' '}
      <span className={`badge status-${last.data.status}`}>{last.data.status}</span>
    </>
  );
}

export function ruleColumns(activeAlerts: Map<string, Alert>): Array<Column<Rule>> {
  return [
    { header: 'Name', cell: (r) => <Link to={`/rules/${r.id}`}>{r.name}</Link> },
    { header: 'Description', cell: (r) => r.description ?? '' },
    { header: 'Polling interval', cell: (r) => r.pollingInterval },
    {
      header: 'Enabled',
      cell: (r) => (r.pollingInterval === 'DISABLED' ? 'no (manual only)' : 'yes'),
    },
    { header: 'Last evaluation', cell: (r) => <LastEvaluation ruleId={r.id} /> },
    {
      header: 'Active alert',
      cell: (r) => {
        const alert = activeAlerts.get(r.id);
        if (alert === undefined) return 'none';
        return (
          <Link to={`/alerts/${alert.id}?ruleId=${encodeURIComponent(r.id)}`}>
            <span className={`badge level-${alert.level}`}>{alert.level}</span> open alert
          </Link>
        );
      },
    },
  ];
}
