import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Loaded } from '../../ui/states';
import { type Change, entityKeys, valueText } from './entity-types';

/** Who changed what when: GET /entities/{id}/history, newest first. */
export function EntityHistory(props: { entityId: string }) {
  const { api, accountId, key } = useSession();
  const history = useQuery({
    queryKey: entityKeys.history(accountId, props.entityId),
    queryFn: () =>
      ok(
        api.GET('/entities/{entityId}/history', {
          params: { path: { entityId: props.entityId }, query: { limit: 100 } },
        }),
      ),
  });
  const by = (c: Change) => {
    if (c.jobId !== null)
      return (
        <Link to={`/jobs/${encodeURIComponent(c.jobId)}`}>Sync job {c.jobId.slice(0, 8)}</Link>
      );
    if (c.keyId !== null)
      return c.keyId === key.id ? `API key ${key.name} (this key)` : `API key ${c.keyId}`;
    return c.source === 'rule-tag' ? 'A rule' : c.source;
  };
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">Change history</h2>
      <Loaded
        read={history}
        what="history"
        isEmpty={(d) => d.changes.length === 0}
        empty="No recorded changes (history older than the retention period is purged)."
      >
        {(data) => (
          <>
            {data.cursor !== undefined && (
              <p className="hint">The latest {data.changes.length} changes.</p>
            )}
            <DataTable<Change>
              caption="Change history, newest first"
              rows={data.changes}
              rowKey={(c) => c.changeId}
              columns={[
                { header: 'When', cell: (c) => formatTime(c.at) },
                { header: 'What', cell: (c) => c.kind },
                {
                  header: 'Properties',
                  cell: (c) =>
                    c.changes.length === 0 ? (
                      '—'
                    ) : (
                      <ul className="changes">
                        {c.changes.map((p) => (
                          <li key={p.name}>
                            <code>{p.name}</code>: {valueText(p.before)} → {valueText(p.after)}
                          </li>
                        ))}
                      </ul>
                    ),
                },
                { header: 'By', cell: by },
              ]}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
