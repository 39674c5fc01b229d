import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { formatTime } from '../../ui/format';
import { EvaluationPanel } from '../../ui/rules-evaluation';
import { ErrorNote, Loading } from '../../ui/states';
import { AlertEntities } from './alert-entities';

/**
 * The evaluation that last raised the alert. Only the newest records of a rule are kept, so an
 * old alert's may be gone (404): said in words, not as an error.
 */
function RaisingEvaluation(props: { ruleId: string; evaluationId: string }) {
  const { api } = useSession();
  const record = useQuery({
    queryKey: ['evaluation', props.ruleId, props.evaluationId],
    queryFn: async () =>
      (
        await ok(
          api.GET('/rules/{ruleId}/evaluations/{evaluationId}', {
            params: { path: { ruleId: props.ruleId, evaluationId: props.evaluationId } },
          }),
        )
      ).evaluation,
    retry: false,
  });
  if (record.isPending) return <Loading what="the evaluation" />;
  if (record.isError)
    return (
      <>
        <h3>Evaluation that raised it</h3>
        <ErrorNote error={record.error} />
      </>
    );
  return (
    <EvaluationPanel record={record.data} headingLevel={3} title="Evaluation that raised it" />
  );
}

/** One alert (GET /alerts/{alertId}): what raised it, what it is about, and Dismiss. */
export function AlertDetail(props: { alertId: string }) {
  const { api, can } = useSession();
  const client = useQueryClient();
  const alert = useQuery({
    queryKey: ['alert', props.alertId],
    queryFn: async () =>
      (await ok(api.GET('/alerts/{alertId}', { params: { path: { alertId: props.alertId } } })))
        .alert,
  });
  const dismiss = useMutation({
    mutationFn: async () =>
      (
        await ok(
          api.POST('/alerts/{alertId}/dismiss', { params: { path: { alertId: props.alertId } } }),
        )
      ).alert,
    onSuccess: async (dismissed) => {
      client.setQueryData(['alert', props.alertId], dismissed);
      await client.invalidateQueries({ queryKey: ['alerts'] });
    },
  });

  if (alert.isPending) return <Loading what="the alert" />;
  if (alert.isError) return <ErrorNote error={alert.error} />;
  const a = alert.data;
  return (
    <article className="card alert-detail" aria-labelledby="alert-title">
      <h2 id="alert-title">Alert of {a.ruleName}</h2>
      <dl className="kv">
        <dt>Level</dt>
        <dd>
          <span className={`badge level-${a.level}`}>{a.level}</span>
        </dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge status-${a.status}`}>{a.status}</span>
        </dd>
        <dt>Rule</dt>
        <dd>
          <Link to={`/rules/${encodeURIComponent(a.ruleId)}`}>{a.ruleName}</Link> (version{' '}
          {a.ruleVersion})
        </dd>
        {a.ruleDescription !== undefined && (
          <>
            <dt>Description</dt>
            <dd>{a.ruleDescription}</dd>
          </>
        )}
        <dt>Raised</dt>
        <dd>{formatTime(a.createdOn)}</dd>
        <dt>Last raised</dt>
        <dd>
          {formatTime(a.updatedOn)} (raised by {a.evaluationCount}{' '}
          {a.evaluationCount === 1 ? 'evaluation' : 'evaluations'})
        </dd>
        {a.resolvedOn !== undefined && (
          <>
            <dt>Resolved</dt>
            <dd>{formatTime(a.resolvedOn)}</dd>
          </>
        )}
        {a.dismissedOn !== undefined && (
          <>
            <dt>Dismissed</dt>
            <dd>{formatTime(a.dismissedOn)}</dd>
          </>
        )}
        <dt>Query totals</dt>
        <dd>
          {Object.entries(a.queryTotals)
            .map(([name, total]) => `${name}: ${total}`)
            .join(', ')}
        </dd>
      </dl>
      {a.status === 'ACTIVE' && can('post', '/alerts/{alertId}/dismiss') && (
        <p>
          <button
            type="button"
            className="button-danger"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate()}
          >
            Dismiss
          </button>
        </p>
      )}
      {dismiss.isSuccess && (
        <p className="state" role="status">
          Dismissed: the rule&apos;s next firing opens a new alert.
        </p>
      )}
      {dismiss.isError && <ErrorNote title="Not dismissed" error={dismiss.error} />}
      <AlertEntities ruleId={a.ruleId} evaluationId={a.lastEvaluationId} />
      <RaisingEvaluation ruleId={a.ruleId} evaluationId={a.lastEvaluationId} />
    </article>
  );
}
