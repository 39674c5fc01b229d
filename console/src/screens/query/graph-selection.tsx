import { Link } from 'react-router';
import { formatValue } from '../../ui/format';
import { type Vertex, vertexLabel } from './query-results';

const listText = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => formatValue(x)).join(', ') : formatValue(v);

/** The selected node: chosen by a click on the graph or here, from the keyboard. */
export function GraphSelection(props: {
  vertices: Vertex[];
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
  onExpand: (id: string) => void;
  expanding: boolean;
}) {
  const vertex = props.vertices.find((v) => v.id === props.selected);
  return (
    <aside className="card graph-panel" aria-labelledby="graph-panel-title">
      <h2 id="graph-panel-title">Selected entity</h2>
      <label htmlFor="graph-node">Entity</label>
      <select
        id="graph-node"
        value={props.selected ?? ''}
        onChange={(e) => props.onSelect(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">None</option>
        {props.vertices.map((v) => (
          <option key={v.id} value={v.id}>
            {vertexLabel(v)}
          </option>
        ))}
      </select>
      {vertex === undefined ? (
        <p className="hint">Click a node, or choose an entity above.</p>
      ) : (
        <>
          <dl className="kv">
            <dt>Class</dt>
            <dd>{listText(vertex.entity._class)}</dd>
            <dt>Type</dt>
            <dd>{listText(vertex.entity._type)}</dd>
            <dt>Key</dt>
            <dd>{vertex.entity._key}</dd>
          </dl>
          <p className="graph-actions">
            <Link to={`/entities/${encodeURIComponent(vertex.id)}`}>Open entity</Link>
            <button
              type="button"
              className="button-quiet"
              disabled={props.expanding}
              onClick={() => props.onExpand(vertex.id)}
            >
              {props.expanding ? 'Expanding…' : 'Expand neighbours'}
            </button>
          </p>
        </>
      )}
    </aside>
  );
}
