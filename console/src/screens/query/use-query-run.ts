import { useInfiniteQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import type { QueryResponse } from './query-results';

/** Rows a page: the API's default, said here because the generated body type requires it. */
const PAGE_SIZE = 250;

/**
 * Runs the query of the address (POST /query), a page at a time: the next page passes the
 * previous page's cursor with the same query and flags.
 */
export function useQueryRun(query: string, includeDeleted: boolean) {
  const { api, accountId } = useSession();
  return useInfiniteQuery({
    queryKey: ['query-run', accountId, query, includeDeleted],
    enabled: query.trim() !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }): Promise<QueryResponse> =>
      ok(
        api.POST('/query', {
          body: {
            query,
            includeDeleted,
            limit: PAGE_SIZE,
            ...(pageParam === undefined ? {} : { cursor: pageParam }),
          },
        }),
      ),
    getNextPageParam: (last) => last.cursor,
    retry: false,
    staleTime: 30_000,
  });
}
