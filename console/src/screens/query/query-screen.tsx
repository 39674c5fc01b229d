import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { Page } from '../../ui/page';
import { Empty, ErrorNote } from '../../ui/states';
import { CypherPanel } from './cypher-panel';
import { QueryEditor } from './query-editor';
import { QueryResults } from './query-results-view';
import { SavedQuestions } from './saved-questions';
import './query.css';

/**
 * Query: write J1QL, run it, read the answer as a table or a graph. The query is in the address
 * (`?q=`), so a query is a link; running one updates the address, opening a link runs it.
 */
export function QueryScreen() {
  const { api, accountId } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Another screen's last word, e.g. the entity screen after a delete.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const query = params.get('q') ?? '';
  const includeDeleted = params.get('deleted') === '1';
  const [draft, setDraft] = useState(query);
  // Back and forward change the address: the editor follows it (React's "adjust state while
  // rendering" pattern, no effect needed).
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setDraft(query);
  }
  const explain = useMutation({
    mutationFn: (text: string) =>
      ok(api.POST('/query/explain', { body: { query: text, includeDeleted } })),
  });

  const run = (text = draft, deleted = includeDeleted) => {
    if (text.trim() === '') return;
    setDraft(text);
    // The same query again is a new run (the graph may have changed), not the cached answer.
    if (text === query && deleted === includeDeleted) {
      void queryClient.invalidateQueries({ queryKey: ['query-run', accountId, text, deleted] });
    }
    explain.reset();
    const next = new URLSearchParams({ q: text });
    if (deleted) next.set('deleted', '1');
    setParams(next);
  };

  return (
    <Page title="Query">
      {typeof notice === 'string' && (
        <p className="state notice" role="status">
          {notice}
        </p>
      )}
      <div className="query-layout">
        <div className="query-main">
          <form
            className="query-form"
            onSubmit={(e) => {
              e.preventDefault();
              run();
            }}
          >
            <QueryEditor value={draft} onChange={setDraft} onRun={() => run()} />
            <div className="query-actions">
              <button type="submit" disabled={draft.trim() === ''}>
                Run
              </button>
              <button
                type="button"
                className="button-quiet"
                disabled={draft.trim() === '' || explain.isPending}
                onClick={() => explain.mutate(draft)}
              >
                Show Cypher
              </button>
              <label className="inline-check">
                <input
                  type="checkbox"
                  checked={includeDeleted}
                  onChange={(e) => run(draft, e.target.checked)}
                />
                Include deleted
              </label>
            </div>
          </form>
          {explain.isError && <ErrorNote error={explain.error} title="Could not explain" />}
          {explain.isSuccess && <CypherPanel explained={explain.data} />}
          {query.trim() === '' ? (
            <Empty>
              Write a J1QL query, for example <code>FIND Host THAT RELATES TO Application</code>,
              and run it.
            </Empty>
          ) : (
            <QueryResults query={query} includeDeleted={includeDeleted} />
          )}
        </div>
        <SavedQuestions onChoose={(text) => run(text)} />
      </div>
    </Page>
  );
}
