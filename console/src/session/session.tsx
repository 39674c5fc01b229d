import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type Api, apiClient, type Credentials, ok } from '../api/client';
import { type Contract, loadContract } from '../api/contract';
import type { components } from '../../../src/generated/openapi';

type CurrentAccount = components['schemas']['CurrentAccountResponse'];

/** A signed-in session: the key's account, its roles and the client that sends them. */
export interface Session {
  accountId: string;
  account: CurrentAccount['account'];
  key: CurrentAccount['key'];
  api: Api;
  contract: Contract;
  /** Whether the key may call this operation of the contract (e.g. 'post', '/rules'). */
  can: (method: string, path: string) => boolean;
}

interface SessionState {
  session: Session | undefined;
  signIn: (credentials: Credentials) => Promise<Session>;
  signOut: () => void;
}

const SessionContext = createContext<SessionState | undefined>(undefined);

/** Kept for this browser tab only (sessionStorage): closing the tab forgets the key. */
const STORAGE_KEY = 'graphsync.console.credentials';

export function storedCredentials(): Credentials | undefined {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    if (typeof parsed.accountId === 'string' && typeof parsed.apiKey === 'string')
      return { accountId: parsed.accountId, apiKey: parsed.apiKey };
  } catch {
    // A damaged entry is the same as none.
  }
  return undefined;
}

/** Checks the credentials with GET /account and loads the contract's roles. */
export async function openSession(credentials: Credentials): Promise<Session> {
  const api = apiClient(credentials);
  const [current, contract] = await Promise.all([ok(api.GET('/account')), loadContract()]);
  const roles = current.key.roles;
  return {
    accountId: credentials.accountId,
    account: current.account,
    key: current.key,
    api,
    contract,
    can: (method, path) => contract.allows(roles, method, path),
  };
}

/** Forgets this tab's credentials (and nothing else of the origin's session storage). */
export function forgetCredentials(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export function SessionProvider(props: { initial: Session | undefined; children: ReactNode }) {
  const [session, setSession] = useState(props.initial);
  // Every cached read belongs to the session that made it: another key or account starts empty.
  const queryClient = useQueryClient();
  const signIn = useCallback(
    async (credentials: Credentials) => {
      const opened = await openSession(credentials);
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
      queryClient.clear();
      setSession(opened);
      return opened;
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    forgetCredentials();
    queryClient.clear();
    setSession(undefined);
  }, [queryClient]);
  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSessionState(): SessionState {
  const state = useContext(SessionContext);
  if (state === undefined) throw new Error('useSessionState outside SessionProvider');
  return state;
}

/** The signed-in session; screens behind the sign-in only. */
export function useSession(): Session {
  const { session } = useSessionState();
  if (session === undefined) throw new Error('useSession without a signed-in session');
  return session;
}
