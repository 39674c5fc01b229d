import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import type { Change } from './job-types';

const PAGE = 25;

/** What the job's finalization changed (GET .../changes), newest first, a page at a time. */
export function JobChanges(props: { jobId: string; done: boolean }) {
  const { api } = useSession();
  // The cursors of the pages before this one, so "Previous" can go back without the API.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const changes = useQuery({
    queryKey: ['job-changes', props.jobId, props.done, cursor],
    queryFn: () =>
      ok(
        api.GET('/persister/synchronization/jobs/{jobId}/changes', {
          params: { path: { jobId: props.jobId }, query: { limit: PAGE, cursor } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  if (changes.isPending) return <Loading what="changes" />;
  if (changes.isError) return <ErrorNote error={changes.error} />;
  const rows = changes.data.changes;
  const next = changes.data.cursor;
  return (
    <>
      {rows.length === 0 ? (
        <Empty>This job changed nothing (yet).</Empty>
      ) : (
        <DataTable<Change>
          caption="Objects the job changed"
          rows={rows}
          rowKey={(c) => c.changeId}
          columns={[
            { header: 'Change', cell: (c) => c.kind },
            { header: 'Object', cell: (c) => c.objectKind },
            { header: 'Type', cell: (c) => c.type ?? '—' },
            {
              header: 'Key',
              cell: (c) =>
                c.objectKind === 'entity' ? (
                  <Link to={`/entities/${encodeURIComponent(c.objectId)}`}>
                    {c.key ?? c.objectId}
                  </Link>
                ) : (
                  (c.key ?? c.objectId)
                ),
            },
            { header: 'Properties', cell: (c) => c.changes.map((p) => p.name).join(', ') },
            { header: 'At', cell: (c) => formatTime(c.at) },
          ]}
        />
      )}
      <div className="pager">
        <button
          type="button"
          className="button-quiet"
          disabled={cursors.length === 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Previous changes
        </button>
        <button
          type="button"
          className="button-quiet"
          disabled={next === undefined}
          onClick={() => setCursors((c) => [...c, next])}
        >
          Next changes
        </button>
      </div>
    </>
  );
}
