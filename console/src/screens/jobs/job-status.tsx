import type { SyncJobStatus } from './job-types';
import './jobs.css';

/** A job's status as a badge; the text is the status itself, colour only repeats it. */
export function StatusBadge(props: { status: SyncJobStatus }) {
  return <span className={`badge status-${props.status}`}>{props.status}</span>;
}
