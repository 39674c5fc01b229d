import { COUNTERS, type CounterName } from './job-types';

/** Every counter of a job (or of a progress event's counters so far), labelled. */
export function JobCounters(props: {
  counters: Partial<Record<CounterName, number>> | Record<string, number>;
  label: string;
}) {
  const values = props.counters as Partial<Record<string, number>>;
  return (
    <dl className="job-counters" aria-label={props.label}>
      {COUNTERS.map(([name, label]) => (
        <div key={name} data-counter={name}>
          <dt>{label}</dt>
          <dd>{values[name] ?? 0}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The one-line summary the jobs list shows: uploaded, then what finalize wrote. */
export function counterSummary(job: Record<CounterName, number>): string {
  const e = `${job.numEntitiesUploaded} entities (+${job.numEntitiesCreated} ~${job.numEntitiesUpdated} −${job.numEntitiesDeleted})`;
  const r = `${job.numRelationshipsUploaded} relationships (+${job.numRelationshipsCreated} ~${job.numRelationshipsUpdated} −${job.numRelationshipsDeleted})`;
  return `${e}, ${r}`;
}
