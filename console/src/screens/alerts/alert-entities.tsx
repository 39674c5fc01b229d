import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Loaded } from '../../ui/states';

/** Entities shown: enough to act on; the query screen has the rest. */
const LIMIT = 50;

/**
 * The entities behind an alert: those the evaluation that last raised it found
 * (GET /rules/{ruleId}/evaluations/{evaluationId}/entities), each linked to its screen, marked
 * when deleted since, with "and N more" past the first LIMIT.
 */
export function AlertEntities(props: { ruleId: string; evaluationId: string }) {
  const { api } = useSession();
  const entities = useQuery({
    queryKey: ['evaluation-entities', props.ruleId, props.evaluationId],
    queryFn: () =>
      ok(
        api.GET('/rules/{ruleId}/evaluations/{evaluationId}/entities', {
          params: {
            path: { ruleId: props.ruleId, evaluationId: props.evaluationId },
            query: { limit: LIMIT },
          },
        }),
      ),
  });
  return (
    <section aria-labelledby="alert-entities">
      <h3 id="alert-entities">Entities involved</h3>
      <p className="hint">What the evaluation that last raised this alert found.</p>
      <Loaded
        read={entities}
        what="entities"
        isEmpty={(d) => d.total === 0}
        empty="That evaluation found no entities."
      >
        {(data) => (
          <>
            <ul className="alert-entities">
              {data.entities.map((e) => (
                <li key={e.id}>
                  <Link to={`/entities/${encodeURIComponent(e.id)}`}>{e.displayName ?? e.id}</Link>{' '}
                  <span className="hint">{e.type}</span>
                  {e.deleted && <span className="badge"> deleted since</span>}
                </li>
              ))}
            </ul>
            {data.total > data.entities.length && (
              <p className="hint">and {data.total - data.entities.length} more</p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
