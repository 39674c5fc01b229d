import { DataTable } from '../../ui/data-table';
import type { FinalizePreview } from './upload-api';

type Counts = FinalizePreview['entities'][string];

/** Step 3: what finalizing would create, update and delete, in total and per type. */
export function UploadPreview(props: { preview: FinalizePreview }) {
  const { totals } = props.preview;
  const rows = [
    ...Object.entries(props.preview.entities).map(([type, c]) => ({ kind: 'Entity', type, c })),
    ...Object.entries(props.preview.relationships).map(([type, c]) => ({
      kind: 'Relationship',
      type,
      c,
    })),
  ];
  const guard = props.preview.deleteGuard;
  return (
    <>
      <dl className="kv preview-totals" aria-label="Preview totals">
        <dt>Entities to create</dt>
        <dd data-total="numEntitiesCreated">{totals.numEntitiesCreated}</dd>
        <dt>Entities to update</dt>
        <dd data-total="numEntitiesUpdated">{totals.numEntitiesUpdated}</dd>
        <dt>Entities to delete</dt>
        <dd data-total="numEntitiesDeleted">{totals.numEntitiesDeleted}</dd>
        <dt>Entities unchanged</dt>
        <dd data-total="numEntitiesUnchanged">{totals.numEntitiesUnchanged}</dd>
        <dt>Relationships to create</dt>
        <dd data-total="numRelationshipsCreated">{totals.numRelationshipsCreated}</dd>
        <dt>Relationships to update</dt>
        <dd data-total="numRelationshipsUpdated">{totals.numRelationshipsUpdated}</dd>
        <dt>Relationships to delete</dt>
        <dd data-total="numRelationshipsDeleted">{totals.numRelationshipsDeleted}</dd>
      </dl>
      {guard !== undefined && guard.wouldStop && (
        <div className="state state-error" role="alert">
          The delete guard ({guard.percent}%) would stop this finalize: it deletes too much of the
          scope.
        </div>
      )}
      {rows.length > 0 && (
        <DataTable<{ kind: string; type: string; c: Counts }>
          caption="Preview per type"
          rows={rows}
          rowKey={(r) => `${r.kind}:${r.type}`}
          columns={[
            { header: 'Kind', cell: (r) => r.kind },
            { header: 'Type', cell: (r) => r.type },
            { header: 'Create', cell: (r) => r.c.create, className: 'num' },
            { header: 'Update', cell: (r) => r.c.update, className: 'num' },
            { header: 'Delete', cell: (r) => r.c.delete, className: 'num' },
            { header: 'Unchanged', cell: (r) => r.c.unchanged, className: 'num' },
            { header: 'Errors', cell: (r) => r.c.errors, className: 'num' },
            {
              header: 'Examples',
              cell: (r) =>
                [...r.c.samples.create, ...r.c.samples.update, ...r.c.samples.delete]
                  .map((s) => s.key ?? '(by _id)')
                  .join(', '),
            },
          ]}
        />
      )}
    </>
  );
}
