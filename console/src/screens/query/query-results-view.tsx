import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorNote, Loading } from '../../ui/states';
import { plural } from '../../ui/format';
import { graphShape, tableShape } from './query-results';
import { Tabs } from '../../ui/tabs';
import { ResultsTable } from './results-table';
import { useQueryRun } from './use-query-run';

// Cytoscape is large: its chunk loads only when the graph tab is first opened.
const ResultsGraph = lazy(() =>
  import('./results-graph').then((m) => ({ default: m.ResultsGraph })),
);

const TABS = [
  { id: 'table', label: 'Table' },
  { id: 'graph', label: 'Graph' },
];

/** The answer to the query: how many rows, then a table or a graph of them, and more pages. */
export function QueryResults(props: { query: string; includeDeleted: boolean }) {
  const run = useQueryRun(props.query, props.includeDeleted);
  const [view, setView] = useState('table');
  const pages = run.data?.pages;
  const table = useMemo(() => (pages === undefined ? undefined : tableShape(pages)), [pages]);
  const graph = useMemo(() => (pages === undefined ? undefined : graphShape(pages)), [pages]);

  if (run.isPending) return <Loading what="results" />;
  if (run.isError) return <ErrorNote error={run.error} title="The query failed" />;
  const firstPage = run.data.pages[0];
  const total = firstPage?.totalCount ?? 0;
  const warnings = firstPage?.warnings ?? [];
  return (
    <section className="query-results" aria-labelledby="results-title">
      <h2 id="results-title">Results</h2>
      <p className="hint" role="status">
        {plural(
          total,
          firstPage?.type === 'tree' ? 'path' : 'row',
          firstPage?.type === 'tree' ? 'paths' : 'rows',
        )}
        {table !== undefined && table.rows.length < total ? `, ${table.rows.length} shown` : ''}
      </p>
      {warnings.map((w) => (
        <p key={w} className="state warning">
          {w}
        </p>
      ))}
      <Tabs label="Result view" tabs={TABS} selected={view} onSelect={setView}>
        {view === 'table' && table !== undefined && <ResultsTable shape={table} />}
        {view === 'graph' && graph !== undefined && (
          <Suspense fallback={<Loading what="the graph" />}>
            <ResultsGraph shape={graph} />
          </Suspense>
        )}
      </Tabs>
      {run.hasNextPage && (
        <button
          type="button"
          className="button-quiet"
          disabled={run.isFetchingNextPage}
          onClick={() => void run.fetchNextPage()}
        >
          {run.isFetchingNextPage ? 'Loading more…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
