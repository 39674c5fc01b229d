import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { entityKeys, entityName, type EntityRelationship, valueText } from './entity-types';

const PAGE = 100;

/** The entity's relationships, both directions, each linking to the entity at the other end. */
export function EntityRelationships(props: { entityId: string }) {
  const { api, accountId } = useSession();
  const rels = useQuery({
    queryKey: entityKeys.relationships(accountId, props.entityId),
    queryFn: () =>
      ok(
        api.GET('/entities/{entityId}/relationships', {
          params: { path: { entityId: props.entityId }, query: { limit: PAGE } },
        }),
      ),
  });
  return (
    <section className="card" aria-labelledby="rels-title">
      <h2 id="rels-title">Relationships</h2>
      {rels.isPending ? (
        <Loading what="relationships" />
      ) : rels.isError ? (
        <ErrorNote error={rels.error} />
      ) : rels.data.relationships.length === 0 ? (
        <Empty>No relationships.</Empty>
      ) : (
        <>
          {rels.data.totalCount > rels.data.relationships.length && (
            <p className="hint">
              The first {rels.data.relationships.length} of {rels.data.totalCount}.
            </p>
          )}
          <DataTable<EntityRelationship>
            caption="Relationships"
            rows={rels.data.relationships}
            rowKey={(r) => r.id}
            columns={[
              {
                header: 'Direction',
                cell: (r) => (r.direction === 'OUTGOING' ? 'Outgoing →' : '← Incoming'),
              },
              { header: 'Relationship', cell: (r) => r.relationship._class ?? '' },
              { header: 'Type', cell: (r) => r.relationship._type ?? '' },
              {
                header: 'Other end',
                cell: (r) => (
                  <Link to={`/entities/${encodeURIComponent(r.vertex.id)}`}>
                    {entityName(r.vertex)}
                  </Link>
                ),
              },
              { header: 'Its class', cell: (r) => valueText(r.vertex.entity._class) },
            ]}
          />
        </>
      )}
    </section>
  );
}
