import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { DataTable } from '../../ui/data-table';
import { formatTime } from '../../ui/format';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { IntegrationForm } from './integration-form';
import type { Integration } from './integration-types';
import { Saved } from './settings-status';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; integration: Integration };

/** The account's integration instances (GET /integrations): their config, and which secrets are set. */
export function IntegrationsSection() {
  const { api, can } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const list = useQuery({
    queryKey: ['integrations'],
    queryFn: () => ok(api.GET('/integrations')),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      ok(api.DELETE('/integrations/{integrationId}', { params: { path: { integrationId: id } } })),
    onSuccess: (answer) => {
      setSaved(`Deleted ${answer.integration.name}.`);
      return queryClient.invalidateQueries({ queryKey: ['integrations'] });
    },
  });
  const canCreate = can('post', '/integrations');
  const canUpdate = can('put', '/integrations/{integrationId}');
  const canDelete = can('delete', '/integrations/{integrationId}');

  return (
    <section aria-labelledby="integrations-heading">
      <h2 id="integrations-heading">Integration instances</h2>
      {list.isPending ? (
        <Loading what="integration instances" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.integrations.length === 0 ? (
        <Empty>No integration instances yet.</Empty>
      ) : (
        <DataTable<Integration>
          caption="Integration instances"
          rows={list.data.integrations}
          rowKey={(i) => i.id}
          columns={[
            { header: 'Name', cell: (i) => i.name },
            { header: 'Type', cell: (i) => i.type },
            { header: 'Config', cell: (i) => <code>{JSON.stringify(i.config)}</code> },
            {
              header: 'Secrets',
              cell: (i) =>
                i.secretNames.length === 0 ? (
                  '—'
                ) : (
                  <span className="secret-set">{i.secretNames.join(', ')}: set</span>
                ),
            },
            { header: 'Updated', cell: (i) => formatTime(i.updatedOn) },
            {
              header: 'Actions',
              cell: (i) => (
                <span className="row-actions">
                  {canUpdate && (
                    <button
                      type="button"
                      className="button-quiet"
                      aria-label={`Edit ${i.name}`}
                      onClick={() => setEditing({ mode: 'edit', integration: i })}
                    >
                      Edit
                    </button>
                  )}
                  {canDelete && (
                    <ConfirmButton
                      label={`Delete ${i.name}`}
                      question={
                        <>
                          Delete <strong>{i.name}</strong> and its stored secrets?
                        </>
                      }
                      confirm="Delete instance"
                      busy={remove.isPending}
                      onConfirm={() => remove.mutate(i.id)}
                    />
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      {remove.isError && <ErrorNote error={remove.error} title="Delete" />}
      <Saved text={saved} />
      {editing.mode === 'closed' ? (
        canCreate && (
          <button type="button" onClick={() => setEditing({ mode: 'new' })}>
            New integration instance
          </button>
        )
      ) : (
        <IntegrationForm
          key={editing.mode === 'edit' ? editing.integration.id : 'new'}
          editing={editing.mode === 'edit' ? editing.integration : undefined}
          onCancel={() => setEditing({ mode: 'closed' })}
          onDone={(name) => {
            setSaved(`Saved ${name}.`);
            setEditing({ mode: 'closed' });
            return queryClient.invalidateQueries({ queryKey: ['integrations'] });
          }}
        />
      )}
    </section>
  );
}
