import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { DataTable } from '../../ui/data-table';
import { formatTime, formatValue } from '../../ui/format';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { ParameterForm } from './parameter-form';
import { Saved } from './settings-status';
import type { components } from '../../../../src/generated/openapi';

type Parameter = components['schemas']['Parameter'];

/**
 * The account's parameters (GET /parameters). A secret one is write-only: the API never answers
 * its value, and the list says only that it is set.
 */
export function ParametersSection() {
  const { api, can } = useSession();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const list = useQuery({ queryKey: ['parameters'], queryFn: () => ok(api.GET('/parameters')) });
  const remove = useMutation({
    mutationFn: (name: string) =>
      ok(api.DELETE('/parameters/{name}', { params: { path: { name } } })),
    onSuccess: (answer) => {
      setSaved(`Deleted ${answer.parameter.name}.`);
      return queryClient.invalidateQueries({ queryKey: ['parameters'] });
    },
  });
  const canDelete = can('delete', '/parameters/{name}');

  return (
    <section aria-labelledby="parameters-heading">
      <h2 id="parameters-heading">Parameters</h2>
      <p className="hint">
        Values that J1QL queries name as <code>{'${param.name}'}</code> and rule templates as{' '}
        <code>{'{{param.name}}'}</code>.
      </p>
      {list.isPending ? (
        <Loading what="parameters" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.parameters.length === 0 ? (
        <Empty>No parameters yet.</Empty>
      ) : (
        <DataTable<Parameter>
          caption="Parameters"
          rows={list.data.parameters}
          rowKey={(p) => p.name}
          columns={[
            { header: 'Name', cell: (p) => <code>{p.name}</code> },
            {
              header: 'Value',
              cell: (p) =>
                p.secret ? (
                  <span className="secret-set">secret, set</span>
                ) : (
                  <code>{formatValue(p.value)}</code>
                ),
            },
            { header: 'Updated', cell: (p) => formatTime(p.updatedOn) },
            {
              header: 'Actions',
              cell: (p) =>
                canDelete && (
                  <ConfirmButton
                    label={`Delete parameter ${p.name}`}
                    question={
                      <>
                        Delete <code>{p.name}</code>? Rules that name it fail until it is set again.
                      </>
                    }
                    confirm="Delete parameter"
                    busy={remove.isPending}
                    onConfirm={() => remove.mutate(p.name)}
                  />
                ),
            },
          ]}
        />
      )}
      {remove.isError && <ErrorNote error={remove.error} title="Delete" />}
      <Saved text={saved} />
      {can('put', '/parameters/{name}') && (
        <ParameterForm
          onSaved={(name) => {
            setSaved(`Saved ${name}.`);
            return queryClient.invalidateQueries({ queryKey: ['parameters'] });
          }}
        />
      )}
    </section>
  );
}
