import { type FormEvent } from 'react';
import { SOURCES, STATUSES, type SyncJobSource, type SyncJobStatus } from './job-types';

export interface JobListFilters {
  status?: SyncJobStatus[];
  scope?: string;
  source?: SyncJobSource;
}

/** The list's filters as the URL holds them (unknown values are dropped, not sent). */
export function jobFilters(params: URLSearchParams): JobListFilters {
  const status = params
    .getAll('status')
    .filter((s): s is SyncJobStatus => (STATUSES as readonly string[]).includes(s));
  const source = params.get('source');
  const scope = params.get('scope');
  return {
    ...(status.length > 0 ? { status } : {}),
    ...(scope !== null && scope !== '' ? { scope } : {}),
    ...(source !== null && (SOURCES as readonly string[]).includes(source)
      ? { source: source as SyncJobSource }
      : {}),
  };
}

/**
 * The filter form: a status, a scope and a source. Applying it writes the URL (and drops the
 * cursor, which belongs to the previous filters).
 */
export function JobFilters(props: {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}) {
  const current = jobFilters(props.params);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['status', 'scope', 'source']) {
      const value = form.get(key);
      if (typeof value === 'string' && value.trim() !== '') next.set(key, value.trim());
    }
    props.onChange(next);
  };
  return (
    <form className="field-row job-filters" onSubmit={submit} aria-label="Job filters">
      <div>
        <label htmlFor="jobs-status">Status</label>
        <select id="jobs-status" name="status" defaultValue={current.status?.[0] ?? ''}>
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="jobs-scope">Scope</label>
        <input id="jobs-scope" name="scope" defaultValue={current.scope ?? ''} />
      </div>
      <div>
        <label htmlFor="jobs-source">Source</label>
        <select id="jobs-source" name="source" defaultValue={current.source ?? ''}>
          <option value="">Any</option>
          {SOURCES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <button type="submit">Apply filters</button>
    </form>
  );
}
