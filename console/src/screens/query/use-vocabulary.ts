import { useQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';

/**
 * The account's classes, types and property names for completion (GET /query/vocabulary). A
 * failure is no error the reader needs to see: completion falls back to keywords (`data` stays
 * undefined).
 */
export function useVocabulary() {
  const { api, accountId } = useSession();
  return useQuery({
    queryKey: ['query-vocabulary', accountId],
    queryFn: () => ok(api.GET('/query/vocabulary')),
    staleTime: 60_000,
    retry: false,
  });
}
