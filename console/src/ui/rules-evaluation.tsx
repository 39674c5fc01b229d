import type { components } from '../../../src/generated/openapi';
import './rules-evaluation.css';
import { DataTable } from './data-table';
import { formatTime } from './format';
import { plural } from './format';

export type EvaluationRecord = components['schemas']['EvaluationRecord'];
type ActionOutcome = components['schemas']['ActionOutcome'];

/** The one-line outcome of an evaluation, e.g. "SUCCESS · 2 entities (2 new)". */
export function evaluationSummary(record: EvaluationRecord): string {
  return `${record.status} · ${plural(record.entityCount, 'entity', 'entities')} (${record.newEntityCount} new)`;
}

/** Rendered inputs and results as indented JSON: they are free-form objects. */
function Json(props: { value: unknown }) {
  if (props.value === undefined) return <>—</>;
  return <pre className="rules-json">{JSON.stringify(props.value, null, 2)}</pre>;
}

function ActionsTable(props: { actions: ActionOutcome[]; caption: string }) {
  return (
    <DataTable
      caption={props.caption}
      rows={props.actions}
      rowKey={(a) => a.pointer}
      columns={[
        { header: 'Action', cell: (a) => <code>{a.type}</code> },
        {
          header: 'Status',
          cell: (a) => <span className={`badge status-${a.status}`}>{a.status}</span>,
        },
        { header: 'Rendered inputs', cell: (a) => <Json value={a.inputs} /> },
        {
          header: 'Result',
          cell: (a) => (a.error !== undefined ? a.error : <Json value={a.result} />),
        },
      ]}
    />
  );
}

/**
 * What one evaluation did (a dry run, or a stored record): its outcome, each query's result
 * count, each operation's condition and the inputs its actions were rendered with.
 * `headingLevel` keeps the page's heading order wherever the panel sits.
 */
export function EvaluationPanel(props: {
  record: EvaluationRecord;
  headingLevel: 2 | 3;
  title?: string;
}) {
  const { record } = props;
  const H = `h${props.headingLevel}` as const;
  const Sub = `h${props.headingLevel + 1}` as 'h3' | 'h4';
  return (
    <div className="rules-evaluation">
      <H>{props.title ?? (record.dryRun ? 'Dry-run result' : 'Evaluation')}</H>
      <p className={`rules-evaluation-summary status-${record.status}`}>
        {evaluationSummary(record)}
      </p>
      <dl className="kv">
        <dt>Trigger</dt>
        <dd>{record.trigger}</dd>
        <dt>Started</dt>
        <dd>{formatTime(record.startedOn)}</dd>
        <dt>Duration</dt>
        <dd>{record.durationMs} ms</dd>
        {record.actionsSkipped !== undefined && (
          <>
            <dt>Actions skipped</dt>
            <dd>{record.actionsSkipped}</dd>
          </>
        )}
        {record.alert !== undefined && (
          <>
            <dt>Alert</dt>
            <dd>
              {record.alert.change} ({record.alert.status})
            </dd>
          </>
        )}
      </dl>
      {record.errors.length > 0 && (
        <div className="state state-error" role="alert">
          <ul>
            {record.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <Sub>Queries</Sub>
      <DataTable
        caption="Query results"
        rows={record.queries}
        rowKey={(q, i) => `${q.name}-${i}`}
        columns={[
          { header: 'Name', cell: (q) => q.name },
          { header: 'Query', cell: (q) => <code>{q.query}</code> },
          {
            header: 'Results',
            className: 'num',
            cell: (q) => (q.total === undefined ? (q.error ?? '—') : String(q.total)),
          },
          { header: 'Type', cell: (q) => q.type ?? '—' },
        ]}
      />
      {record.operations.map((op) => (
        <section key={op.index} className="rules-operation">
          <Sub>
            Operation {op.index + 1}:{' '}
            {op.error !== undefined
              ? `condition failed (${op.error})`
              : op.conditionResult
                ? 'condition held'
                : 'condition did not hold'}
          </Sub>
          {op.actions.length > 0 && (
            <ActionsTable actions={op.actions} caption={`Actions of operation ${op.index + 1}`} />
          )}
        </section>
      ))}
      {Object.keys(record.outputs).length > 0 && (
        <>
          <Sub>Outputs</Sub>
          <Json value={record.outputs} />
        </>
      )}
    </div>
  );
}
