import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote } from '../../ui/states';
import { entityName, type Vertex } from './entity-types';

/** Delete, after a confirmation that says what goes with it; then back to the query screen. */
export function EntityDelete(props: { vertex: Vertex }) {
  const { api } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      ok(
        api.DELETE('/entities/{entityId}', {
          params: { path: { entityId: props.vertex.id } },
        }),
      ),
    onSuccess: async (deleted) => {
      await client.invalidateQueries();
      const name = entityName(deleted.deletedEntity);
      void navigate('/query', { state: { notice: `Deleted ${name}.` } });
    },
  });
  if (!confirming)
    return (
      <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  return (
    <div className="confirm" role="group" aria-labelledby="confirm-text">
      <p id="confirm-text">
        Delete <strong>{entityName(props.vertex)}</strong> and all its relationships?
      </p>
      {remove.isError && <ErrorNote error={remove.error} title="Not deleted" />}
      <button
        type="button"
        className="button-danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
        autoFocus
      >
        {remove.isPending ? 'Deleting…' : 'Delete entity'}
      </button>
      <button type="button" className="button-quiet" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}
