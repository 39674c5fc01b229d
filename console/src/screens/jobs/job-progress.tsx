import { ErrorNote } from '../../ui/states';
import type { PhaseProgress, ProgressEvent } from './job-types';
import { StatusBadge } from './job-status';

const PHASE_LABELS: Record<PhaseProgress['name'], string> = {
  'bulk-file': 'Bulk file (bytes)',
  entities: 'Entities',
  'delete-entities': 'Deleting entities',
  relationships: 'Relationships',
  'delete-relationships': 'Deleting relationships',
  finish: 'Finish',
};

/**
 * A job's finalization as the progress stream tells it: the status, the current phase and
 * percent, and one labelled <progress> per phase (indeterminate while a delete phase's total is
 * still unknown). Shared by the job screen and the bulk upload.
 */
export function JobProgress(props: { event: ProgressEvent | undefined; error?: unknown }) {
  const { event } = props;
  return (
    <div className="job-progress">
      <p role="status" aria-live="polite">
        {event === undefined ? (
          'Waiting for the progress stream…'
        ) : (
          <>
            <StatusBadge status={event.status} />
            {event.phase !== null && <> phase {PHASE_LABELS[event.phase]}</>}
            {event.percent !== null && <>, {event.percent}%</>}
            {event.final && <> (final)</>}
          </>
        )}
      </p>
      {event !== undefined && event.phases.length > 0 && (
        <ul className="phase-list" aria-label="Finalize phases">
          {event.phases.map((p) => (
            <PhaseRow key={p.name} phase={p} current={p.name === event.phase} />
          ))}
        </ul>
      )}
      {props.error !== undefined && <ErrorNote error={props.error} title="Progress stream" />}
    </div>
  );
}

function PhaseRow(props: { phase: PhaseProgress; current: boolean }) {
  const { phase } = props;
  const id = `phase-${phase.name}`;
  const label = PHASE_LABELS[phase.name];
  return (
    <li className={props.current ? 'current' : undefined}>
      <span id={id}>{label}</span>
      {phase.total === null ? (
        <progress aria-labelledby={id} />
      ) : (
        <progress aria-labelledby={id} value={phase.done} max={Math.max(phase.total, 1)} />
      )}
      <span className="num" data-phase={phase.name}>
        {phase.done} / {phase.total ?? '?'}
      </span>
    </li>
  );
}
