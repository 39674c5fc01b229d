import { useQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import type { Vocabulary } from './j1ql-completion';

// GET /query/vocabulary is new on main; until its generated type arrives the call is typed here.
type LooseGet = (
  path: string,
) => Promise<{ data?: Vocabulary; error?: unknown; response: Response }>;

/**
 * The account's classes, types and property names for completion. A failure is no error the
 * reader needs to see: completion falls back to keywords (`data` stays undefined).
 */
export function useVocabulary() {
  const { api, accountId } = useSession();
  return useQuery({
    queryKey: ['query-vocabulary', accountId],
    queryFn: () => ok((api.GET as unknown as LooseGet)('/query/vocabulary')),
    staleTime: 60_000,
    retry: false,
  });
}
