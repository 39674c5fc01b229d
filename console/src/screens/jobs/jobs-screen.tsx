import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { counterSummary } from './job-counters';
import { JobFilters, jobFilters } from './jobs-filters';
import { StatusBadge } from './job-status';
import { JOBS_PATH, type SyncJob } from './job-types';
import './jobs.css';

const PAGE = 50;

/**
 * The account's sync jobs, newest first (GET /persister/synchronization/jobs). The filters and
 * the page's cursor live in the URL, so a filtered list is a link that can be shared.
 */
export function JobsScreen() {
  const { api, can } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = jobFilters(params);
  const cursor = params.get('cursor') ?? undefined;
  const jobs = useQuery({
    queryKey: ['jobs', filters, cursor],
    queryFn: () =>
      ok(api.GET(JOBS_PATH, { params: { query: { ...filters, cursor, limit: PAGE } } })),
    placeholderData: keepPreviousData,
    // While a job of the page is finalizing, its percent and counters move: read the page again.
    refetchInterval: (query) =>
      query.state.data?.jobs.some((j) => j.status === 'FINALIZE_PENDING') === true ? 2000 : false,
  });
  const next = jobs.data?.cursor;

  return (
    <Page
      title="Jobs"
      actions={
        can('post', JOBS_PATH) && (
          <Link className="button" to="/upload">
            Bulk upload
          </Link>
        )
      }
    >
      <JobFilters key={params.toString()} params={params} onChange={setParams} />
      {jobs.isPending ? (
        <Loading what="jobs" />
      ) : jobs.isError ? (
        <ErrorNote error={jobs.error} />
      ) : jobs.data.jobs.length === 0 ? (
        <Empty>No jobs match. Jobs appear here once a client or a bulk upload starts one.</Empty>
      ) : (
        <DataTable<SyncJob>
          caption="Sync jobs, newest first"
          rows={jobs.data.jobs}
          rowKey={(j) => j.id}
          columns={[
            {
              header: 'Job',
              cell: (j) => (
                <Link className="mono" to={`/jobs/${encodeURIComponent(j.id)}`}>
                  {j.id}
                </Link>
              ),
            },
            { header: 'Source', cell: (j) => j.source },
            { header: 'Scope', cell: (j) => j.scope ?? '—' },
            { header: 'Mode', cell: (j) => j.syncMode },
            {
              header: 'Status',
              cell: (j) => (
                <>
                  <StatusBadge status={j.status} />
                  {j.percent !== undefined && ` ${j.percent}%`}
                </>
              ),
            },
            { header: 'Started', cell: (j) => formatTime(j.startTimestamp) },
            { header: 'Counters', cell: (j) => counterSummary(j) },
          ]}
        />
      )}
      <div className="pager">
        {cursor !== undefined && (
          <button
            type="button"
            className="button-quiet"
            onClick={() =>
              setParams((p) => {
                p.delete('cursor');
                return p;
              })
            }
          >
            First page
          </button>
        )}
        {next !== undefined && (
          <button
            type="button"
            className="button-quiet"
            onClick={() =>
              setParams((p) => {
                p.set('cursor', next);
                return p;
              })
            }
          >
            Next page
          </button>
        )}
      </div>
    </Page>
  );
}
