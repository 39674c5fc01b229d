import { useQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Loaded } from '../../ui/states';

/** The account's saved questions (GET /questions); choosing one puts its first query to work. */
export function SavedQuestions(props: { onChoose: (query: string) => void }) {
  const { api, accountId } = useSession();
  const questions = useQuery({
    queryKey: ['questions', accountId],
    queryFn: () => ok(api.GET('/questions', { params: { query: { limit: 100 } } })),
  });
  return (
    <aside className="card saved-questions" aria-labelledby="saved-title">
      <h2 id="saved-title">Saved questions</h2>
      <Loaded
        read={questions}
        what="questions"
        isEmpty={(d) => d.questions.length === 0}
        empty="No saved questions yet. Questions are saved with POST /questions."
      >
        {(data) => (
          <ul>
            {data.questions.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  className="button-quiet question"
                  disabled={q.queries[0] === undefined}
                  onClick={() => q.queries[0] !== undefined && props.onChoose(q.queries[0].query)}
                >
                  {q.title}
                </button>
                {q.description !== undefined && q.description !== '' && (
                  <p className="hint">{q.description}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </aside>
  );
}
