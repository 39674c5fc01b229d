import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Api, ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Empty, ErrorNote, Loading } from '../../ui/states';

type Found = { id: string; name: string; type: string };

/** Entities shown per query: enough to act on; the query screen has the rest. */
const LIMIT = 50;

/** Every vertex in a query page, whatever its shape: a list, table cells, or a tree. */
function verticesOf(data: unknown): Found[] {
  const found: Found[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const v = value as { id?: unknown; entity?: Record<string, unknown>; vertices?: unknown };
    if (typeof v.id === 'string' && v.entity !== undefined) {
      const e = v.entity;
      const name =
        typeof e.displayName === 'string'
          ? e.displayName
          : typeof e._key === 'string'
            ? e._key
            : v.id;
      const type = Array.isArray(e._type)
        ? e._type.join(', ')
        : typeof e._type === 'string'
          ? e._type
          : '';
      found.push({ id: v.id, name, type });
      return;
    }
    Object.values(value).forEach(visit);
  };
  visit(data);
  return found;
}

type RuleQuery = { query: string; includeDeleted?: boolean | null };

async function ruleQueries(api: Api, ruleId: string): Promise<RuleQuery[]> {
  const { rule } = await ok(api.GET('/rules/{ruleId}', { params: { path: { ruleId } } }));
  if (rule.question !== undefined && rule.question !== null) return rule.question.queries;
  if (rule.questionId === undefined) return [];
  const { question } = await ok(
    api.GET('/questions/{questionId}', { params: { path: { questionId: rule.questionId } } }),
  );
  return question.queries;
}

/**
 * The entities behind an alert. Alerts and evaluation records keep counts, not entity ids, so
 * the rule's queries are run again (POST /query, first page each): these are the entities the
 * rule finds now, which is what an analyst acts on.
 */
export function AlertEntities(props: { ruleId: string }) {
  const { api } = useSession();
  const entities = useQuery({
    queryKey: ['alert-entities', props.ruleId],
    queryFn: async () => {
      const seen = new Map<string, Found>();
      for (const q of await ruleQueries(api, props.ruleId)) {
        const body = { query: q.query, includeDeleted: q.includeDeleted === true, limit: LIMIT };
        const page = await ok(api.POST('/query', { body }));
        for (const v of verticesOf(page.data)) seen.set(v.id, v);
      }
      return [...seen.values()];
    },
  });
  return (
    <section aria-labelledby="alert-entities">
      <h3 id="alert-entities">Entities involved</h3>
      <p className="hint">What the rule&apos;s queries find now.</p>
      {entities.isPending && <Loading what="entities" />}
      {entities.isError && <ErrorNote error={entities.error} />}
      {entities.isSuccess && entities.data.length === 0 && (
        <Empty>The rule&apos;s queries find no entities now.</Empty>
      )}
      {entities.isSuccess && entities.data.length > 0 && (
        <ul className="alert-entities">
          {entities.data.map((e) => (
            <li key={e.id}>
              <Link to={`/entities/${encodeURIComponent(e.id)}`}>{e.name}</Link>{' '}
              <span className="hint">{e.type}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
