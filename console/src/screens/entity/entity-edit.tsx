import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote } from '../../ui/states';
import { entityKeys, ownProperties, type Vertex } from './entity-types';
import { editText, type EditRow, patchOf } from './property-edits';

/**
 * Edits the entity's own properties: change a value, remove one, add one. Saving PATCHes only
 * what changed; the answer (the entity's new version) replaces the screen's copy.
 */
export function EntityEdit(props: { vertex: Vertex; onDone: (saved?: Vertex) => void }) {
  const { api, accountId } = useSession();
  const client = useQueryClient();
  const current = ownProperties(props.vertex);
  const [rows, setRows] = useState<EditRow[]>(() =>
    Object.keys(current)
      .sort()
      .map((name) => ({ name, text: editText(current[name]), remove: false })),
  );
  const [added, setAdded] = useState({ name: '', text: '' });
  const patch = patchOf(current, rows, added);
  const save = useMutation({
    mutationFn: () =>
      ok(
        api.PATCH('/entities/{entityId}', {
          params: { path: { entityId: props.vertex.id } },
          body: { properties: patch },
        }),
      ),
    onSuccess: (saved) => {
      client.setQueryData(entityKeys.entity(accountId, props.vertex.id), saved);
      void client.invalidateQueries({ queryKey: entityKeys.history(accountId, props.vertex.id) });
      props.onDone(saved);
    },
  });
  const update = (i: number, change: Partial<EditRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <form
      className="card entity-edit"
      aria-labelledby="edit-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="edit-title">Edit properties</h2>
      <p className="hint">
        Text that reads as JSON (<code>true</code>, <code>42</code>, <code>["a","b"]</code>) keeps
        its type; anything else is a string.
      </p>
      {rows.map((row, i) => (
        <div className="field-row edit-row" key={row.name}>
          <label htmlFor={`prop-${i}`}>{row.name}</label>
          <input
            id={`prop-${i}`}
            value={row.text}
            disabled={row.remove}
            onChange={(e) => update(i, { text: e.target.value })}
          />
          <label className="inline-check">
            <input
              type="checkbox"
              checked={row.remove}
              onChange={(e) => update(i, { remove: e.target.checked })}
            />
            Remove <span className="visually-hidden">{row.name}</span>
          </label>
        </div>
      ))}
      <fieldset className="add-property">
        <legend>Add a property</legend>
        <label htmlFor="new-name">Name</label>
        <input
          id="new-name"
          value={added.name}
          onChange={(e) => setAdded({ ...added, name: e.target.value })}
        />
        <label htmlFor="new-value">Value</label>
        <input
          id="new-value"
          value={added.text}
          onChange={(e) => setAdded({ ...added, text: e.target.value })}
        />
      </fieldset>
      {save.isError && <ErrorNote error={save.error} title="Not saved" />}
      <div className="form-actions">
        <button type="submit" disabled={Object.keys(patch).length === 0 || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button-quiet" onClick={() => props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
