import { formatTime } from '../../ui/format';
import { valueText, type Vertex } from './entity-types';

/** The system properties (`_type`, `_class`, `_key`, `_scope`...) apart from the entity's own. */
export function EntityProperties(props: { vertex: Vertex }) {
  const { entity, properties } = props.vertex;
  const system = Object.entries(entity)
    .filter(([k]) => k.startsWith('_'))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const own = Object.entries({
    ...(entity.displayName === undefined ? {} : { displayName: entity.displayName }),
    ...properties,
  }).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="split entity-properties">
      <section className="card" aria-labelledby="own-title">
        <h2 id="own-title">Properties</h2>
        {own.length === 0 ? (
          <p className="hint">No properties of its own.</p>
        ) : (
          <dl className="kv">
            {own.map(([k, v]) => (
              <Pair key={k} name={k} value={v} />
            ))}
          </dl>
        )}
      </section>
      <section className="card" aria-labelledby="system-title">
        <h2 id="system-title">System properties</h2>
        <dl className="kv">
          {system.map(([k, v]) => (
            <Pair key={k} name={k} value={v} />
          ))}
        </dl>
      </section>
    </div>
  );
}

/** What tells entities apart first, then versions and times, then the rest. */
const ORDER = ['_type', '_class', '_key', '_scope', '_source', '_id', '_version', '_deleted'];
const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
const TIMES = new Set(['_createdOn', '_beginOn', '_endOn']);

function Pair(props: { name: string; value: unknown }) {
  const { name, value } = props;
  const time = TIMES.has(name) && typeof value === 'string' ? Date.parse(value) : NaN;
  return (
    <>
      <dt>{name}</dt>
      <dd className="mono">
        {Number.isNaN(time) ? (
          valueText(value)
        ) : (
          <time dateTime={String(value)}>{formatTime(time)}</time>
        )}
      </dd>
    </>
  );
}
