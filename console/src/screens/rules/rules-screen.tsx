import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { ruleColumns } from './rules-columns';
import { RulesImport } from './rules-import';
import type { Rule } from './rule-json';
import './rules.css';
import { plural } from '../../ui/format';

/** Rules per page: each row reads its last evaluation, so a page stays at 100 (then Load more). */
const PAGE = 100;

function matches(rule: Rule, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    rule.name.toLowerCase().includes(needle) ||
    (rule.description ?? '').toLowerCase().includes(needle)
  );
}

/**
 * `/rules`: the account's rules (GET /rules, page by page), searched by name and description
 * in the browser (the API's `name` filter does not read descriptions), with each rule's last
 * evaluation and open alert.
 */
export function RulesScreen() {
  const { api, can } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const searchId = useId();
  const [importing, setImporting] = useState(false);

  const rules = useInfiniteQuery({
    queryKey: ['rules'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      ok(api.GET('/rules', { params: { query: { limit: PAGE, cursor: pageParam } } })),
    getNextPageParam: (page) => page.cursor,
  });
  // One call for every rule's open alert (at most one ACTIVE alert per rule).
  const active = useQuery({
    queryKey: ['alerts', { status: 'ACTIVE' }],
    queryFn: () => ok(api.GET('/alerts', { params: { query: { status: 'ACTIVE', limit: 1000 } } })),
  });
  const activeByRule = useMemo(
    () => new Map((active.data?.alerts ?? []).map((a) => [a.ruleId, a])),
    [active.data],
  );
  const all = rules.data?.pages.flatMap((p) => p.rules) ?? [];
  const shown = all.filter((r) => matches(r, search));

  return (
    <Page
      title="Rules"
      actions={
        <>
          {can('post', '/rules/import') && (
            <button
              type="button"
              className="button-quiet"
              aria-expanded={importing}
              onClick={() => setImporting(!importing)}
            >
              Import rule pack
            </button>
          )}
          {can('post', '/rules') && (
            <Link className="button" to="/rules/new">
              New rule
            </Link>
          )}
        </>
      }
    >
      {importing && <RulesImport />}
      <div className="rules-toolbar">
        <div>
          <label htmlFor={searchId}>Search rules</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Name or description"
            onChange={(e) =>
              setParams(e.target.value === '' ? {} : { q: e.target.value }, { replace: true })
            }
          />
        </div>
        {rules.isSuccess && (
          <p className="hint" role="status">
            {search.trim() === ''
              ? plural(all.length, 'rule')
              : `${shown.length} of ${all.length} rules match`}
          </p>
        )}
      </div>
      {rules.isPending && <Loading what="rules" />}
      {rules.isError && <ErrorNote error={rules.error} />}
      {rules.isSuccess && all.length === 0 && (
        <Empty>No rules yet. Create one, or import a rule pack.</Empty>
      )}
      {rules.isSuccess && all.length > 0 && shown.length === 0 && (
        <Empty>No rule&apos;s name or description contains “{search}”.</Empty>
      )}
      {shown.length > 0 && (
        <DataTable
          caption="Rules"
          rows={shown}
          rowKey={(r) => r.id}
          columns={ruleColumns(activeByRule)}
        />
      )}
      {rules.hasNextPage && (
        <button
          type="button"
          className="button-quiet"
          disabled={rules.isFetchingNextPage}
          onClick={() => void rules.fetchNextPage()}
        >
          Load more rules
        </button>
      )}
    </Page>
  );
}
