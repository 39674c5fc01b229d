import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { formatTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { ErrorNote, Loading } from '../../ui/states';
import { JobChanges } from './job-changes';
import { JobCounters } from './job-counters';
import { JobErrors, JobEvents } from './job-events';
import { JobProgress } from './job-progress';
import { StatusBadge } from './job-status';
import { JOB_PATH, type SyncJob } from './job-types';
import { useProgressStream } from './progress-stream';
import './jobs.css';

/** One job: its fields and counters, live progress while it is open, events, errors, changes. */
export function JobScreen() {
  const { jobId = '' } = useParams();
  const { api } = useSession();
  const job = useQuery({
    queryKey: ['job', jobId],
    queryFn: () => ok(api.GET(JOB_PATH, { params: { path: { jobId } } })),
  });
  if (job.isPending)
    return (
      <Page title="Job">
        <Loading what="the job" />
      </Page>
    );
  if (job.isError)
    return (
      <Page title="Job">
        <ErrorNote error={job.error} />
      </Page>
    );
  return <JobView key={job.data.job.id} job={job.data.job} />;
}

function JobView(props: { job: SyncJob }) {
  const { job } = props;
  const { api, can } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['job', job.id] });
  // The stream follows any job that is not final: uploads move its counters, a finalize its phases.
  const progress = useProgressStream(job.id, !job.done, refresh);
  const abort = useMutation({
    mutationFn: () =>
      ok(
        api.POST('/persister/synchronization/jobs/{jobId}/abort', {
          params: { path: { jobId: job.id } },
          body: { reason: 'Aborted from the console' },
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(['job', job.id], answer),
  });
  const canAbort =
    job.status === 'AWAITING_UPLOADS' &&
    can('post', '/persister/synchronization/jobs/{jobId}/abort');
  const live = progress.latest !== undefined && !job.done;

  return (
    <Page
      title={`Job ${job.id}`}
      actions={
        canAbort && (
          <button
            type="button"
            className="button-danger"
            disabled={abort.isPending}
            onClick={() => abort.mutate()}
          >
            Abort job
          </button>
        )
      }
    >
      {abort.isError && <ErrorNote error={abort.error} title="Abort" />}
      <dl className="kv card">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={job.status} />
        </dd>
        <dt>Source</dt>
        <dd>{job.source}</dd>
        <dt>Scope</dt>
        <dd>{job.scope ?? '—'}</dd>
        <dt>Mode</dt>
        <dd>{job.syncMode}</dd>
        <dt>Started</dt>
        <dd>{formatTime(job.startTimestamp)}</dd>
        <dt>Ended</dt>
        <dd>{formatTime(job.endTimestamp)}</dd>
        {job.integrationInstanceId !== undefined && (
          <>
            <dt>Integration instance</dt>
            <dd>{job.integrationInstanceId}</dd>
          </>
        )}
      </dl>

      {(!job.done || progress.latest !== undefined) && (
        <section className="job-section" aria-labelledby="progress-heading">
          <h2 id="progress-heading">Progress</h2>
          <JobProgress event={progress.latest} error={progress.error} />
        </section>
      )}

      <section className="job-section" aria-labelledby="counters-heading">
        <h2 id="counters-heading">Counters{live && ' (live)'}</h2>
        <JobCounters
          label="Job counters"
          counters={live && progress.latest !== undefined ? progress.latest.counters : job}
        />
      </section>

      <section className="job-section" aria-labelledby="errors-heading">
        <h2 id="errors-heading">Errors</h2>
        <JobErrors job={job} />
      </section>

      <section className="job-section" aria-labelledby="events-heading">
        <h2 id="events-heading">Events</h2>
        <JobEvents jobId={job.id} done={job.done} />
      </section>

      {can('get', '/persister/synchronization/jobs/{jobId}/changes') && (
        <section className="job-section" aria-labelledby="changes-heading">
          <h2 id="changes-heading">Changes</h2>
          <JobChanges jobId={job.id} done={job.done} />
        </section>
      )}
    </Page>
  );
}
