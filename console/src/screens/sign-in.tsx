import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSessionState } from '../session/session';
import { ErrorNote } from '../ui/states';

/**
 * Account id and API key, checked with GET /account. The key is kept for this tab only
 * (sessionStorage); nothing is sent anywhere but this origin's API.
 */
export function SignIn() {
  const { session, signIn } = useSessionState();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));
  if (session !== undefined && !busy) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      await signIn({
        accountId: field(form, 'accountId'),
        apiKey: field(form, 'apiKey'),
      });
      await navigate(next, { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to graphsync</h1>
        <p className="hint">
          Use an API key of your account. <code>npm start</code> prints one for the local account.
        </p>
        <label htmlFor="accountId">Account id</label>
        <input
          id="accountId"
          name="accountId"
          required
          autoComplete="username"
          defaultValue="local"
        />
        <label htmlFor="apiKey">API key</label>
        <input id="apiKey" name="apiKey" type="password" required autoComplete="current-password" />
        {error !== undefined && <ErrorNote error={error} title="Sign-in failed" />}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

/** Only a path of this console: never another origin. */
function safeNext(next: string | null): string {
  return next !== null && next.startsWith('/') && !next.startsWith('//') ? next : '/query';
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
