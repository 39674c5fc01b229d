import { Link } from 'react-router';
import { DataTable } from '../../ui/data-table';
import { formatValue } from '../../ui/format';
import { Empty } from '../../ui/states';
import { isEdge, isVertex, type Row, type TableShape, vertexLabel } from './query-results';

/** A cell: an entity links to its screen, a relationship shows its class, the rest as text. */
export function Cell(props: { value: unknown }) {
  const { value } = props;
  if (isEdge(value)) return <span>{value.relationship._class ?? value.id}</span>;
  if (isVertex(value))
    return <Link to={`/entities/${encodeURIComponent(value.id)}`}>{vertexLabel(value)}</Link>;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
    return <>{value.map((v) => formatValue(v)).join(', ')}</>;
  return <>{formatValue(value)}</>;
}

const HEADERS: Record<string, string> = { entity: 'Entity' };

export function ResultsTable(props: { shape: TableShape }) {
  const { columns, rows } = props.shape;
  if (rows.length === 0) return <Empty>The query matched nothing.</Empty>;
  return (
    <DataTable<Row>
      caption="Query results"
      columns={columns.map((c) => ({
        header: HEADERS[c] ?? c,
        cell: (row) => <Cell value={row[c]} />,
      }))}
      rows={rows}
      rowKey={(row, i) => {
        const first = row[columns[0] ?? ''];
        return isVertex(first) ? `${first.id}-${i}` : String(i);
      }}
    />
  );
}
