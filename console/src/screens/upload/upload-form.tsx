import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../session/session';
import { MODES, type SyncMode } from '../jobs/job-types';
import { knownScopes, uploadContentType } from './upload-api';

export interface UploadChoice {
  file: File;
  contentType: string;
  scope: string;
  syncMode: SyncMode;
  /** Send the file through the bulk upload URL instead of as one upload batch. */
  bulk: boolean;
}

/**
 * Step 1: the file (JSON, CSV or YAML), the scope (suggested from the scopes of the account's
 * jobs, or a new one) and the sync mode.
 */
export function UploadForm(props: { busy: boolean; onSubmit: (choice: UploadChoice) => void }) {
  const { api } = useSession();
  const scopes = useQuery({ queryKey: ['job-scopes'], queryFn: () => knownScopes(api) });
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const scope = text('scope');
    const syncMode = text('syncMode') as SyncMode;
    if (!(file instanceof File) || file.size === 0) return setProblem('Choose a file to upload.');
    const contentType = uploadContentType(file);
    if (contentType === undefined)
      return setProblem(`${file.name} is not a .json, .csv or .yaml file.`);
    if (scope === '') return setProblem('Enter the scope the data belongs to.');
    setProblem(undefined);
    props.onSubmit({ file, contentType, scope, syncMode, bulk: form.get('bulk') === 'on' });
  };

  return (
    <form className="card upload-form" onSubmit={submit} aria-labelledby="upload-choose">
      <h2 id="upload-choose">1. Choose the data</h2>
      <label htmlFor="upload-file">File (JSON, CSV or YAML)</label>
      <input
        id="upload-file"
        name="file"
        type="file"
        accept=".json,.csv,.yaml,.yml,application/json,text/csv,application/yaml"
        required
      />
      <label htmlFor="upload-scope">Scope</label>
      <input
        id="upload-scope"
        name="scope"
        list="upload-scopes"
        required
        aria-describedby="upload-scope-hint"
        autoComplete="off"
      />
      <p id="upload-scope-hint" className="hint">
        Later uploads to the same scope replace this data; pick a scope from the list or type a new
        one.
      </p>
      <datalist id="upload-scopes">
        {(scopes.data ?? []).map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <label htmlFor="upload-mode">Sync mode</label>
      <select
        id="upload-mode"
        name="syncMode"
        defaultValue="DIFF"
        aria-describedby="upload-mode-hint"
      >
        {MODES.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <p id="upload-mode-hint" className="hint">
        DIFF: the file is the whole scope, what it lacks is deleted. PATCH updates the given
        entities; PUT creates and updates without deleting.
      </p>
      <label className="check">
        <input type="checkbox" name="bulk" aria-describedby="upload-bulk-hint" />
        Send as one bulk file (large files)
      </label>
      <p id="upload-bulk-hint" className="hint">
        A bulk file may be larger than an upload, but it is checked only at finalize and has no
        preview.
      </p>
      {problem !== undefined && (
        <div className="state state-error" role="alert">
          {problem}
        </div>
      )}
      <button type="submit" disabled={props.busy}>
        {props.busy ? 'Uploading…' : 'Start and upload'}
      </button>
    </form>
  );
}
