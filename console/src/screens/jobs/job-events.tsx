import { useQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import type { JobEvent, SyncJob } from './job-types';

/** What went wrong: the job's own error or abort reason and its per-object errors. */
export function JobErrors(props: { job: SyncJob }) {
  const { job } = props;
  const objectErrors = job.errors ?? [];
  if (job.error === undefined && job.abortReason === undefined && objectErrors.length === 0)
    return <Empty>No errors.</Empty>;
  return (
    <>
      {job.error !== undefined && (
        <div className="state state-error" role="alert">
          <strong>Job error: </strong>
          <span className="error-message">{job.error}</span>
        </div>
      )}
      {job.abortReason !== undefined && (
        <p>
          <strong>Abort reason:</strong> {job.abortReason}
          {job.terminalStatus !== undefined && <> ({job.terminalStatus})</>}
        </p>
      )}
      {objectErrors.length > 0 && (
        <DataTable
          caption="Per-object errors found at finalize"
          rows={objectErrors}
          rowKey={(_, i) => String(i)}
          columns={[
            { header: 'Kind', cell: (e) => e.kind },
            { header: 'Key', cell: (e) => e.key ?? '—' },
            { header: 'Message', cell: (e) => e.message },
          ]}
        />
      )}
    </>
  );
}

/** The events added to the job (GET .../events), oldest first. */
export function JobEvents(props: { jobId: string; done: boolean }) {
  const { api } = useSession();
  const events = useQuery({
    queryKey: ['job-events', props.jobId, props.done],
    queryFn: () =>
      ok(
        api.GET('/persister/synchronization/jobs/{jobId}/events', {
          params: { path: { jobId: props.jobId } },
        }),
      ),
  });
  if (events.isPending) return <Loading what="events" />;
  if (events.isError) return <ErrorNote error={events.error} />;
  if (events.data.events.length === 0) return <Empty>No events were added to this job.</Empty>;
  return (
    <DataTable<JobEvent>
      caption="Job events"
      rows={events.data.events}
      rowKey={(e) => e.id}
      columns={[
        { header: 'At', cell: (e) => formatTime(e.createDate) },
        { header: 'Name', cell: (e) => e.name },
        { header: 'Description', cell: (e) => e.description },
      ]}
    />
  );
}
