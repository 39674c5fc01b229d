import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useSessionState } from '../session/session';

/** The screens of the nav, each shown when the key may call the operation it opens with. */
const NAV: Array<{ to: string; label: string; method: string; path: string }> = [
  { to: '/query', label: 'Query', method: 'post', path: '/query' },
  { to: '/rules', label: 'Rules', method: 'get', path: '/rules' },
  { to: '/alerts', label: 'Alerts', method: 'get', path: '/alerts' },
  { to: '/jobs', label: 'Jobs', method: 'get', path: '/persister/synchronization/jobs' },
  { to: '/upload', label: 'Bulk upload', method: 'post', path: '/persister/synchronization/jobs' },
  { to: '/settings', label: 'Settings', method: 'get', path: '/parameters' },
];

/** The frame around every signed-in screen: skip link, header, navigation, the screen. */
export function Shell() {
  const { session, signOut } = useSessionState();
  const navigation = useNavigation();
  useFocusOnNavigation();
  if (session === undefined) return <Navigate to="/sign-in" replace />;
  const roles = session.key.roles.join(', ');
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <span className="brand">graphsync</span>
        <span className="who">
          Account <strong>{session.accountId}</strong>
          {' · '}key {session.key.name ?? session.key.id}
          <span className="roles" title="The roles of this API key">
            {' '}
            ({roles})
          </span>
        </span>
        <button type="button" className="button-quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav className="side-nav" aria-label="Screens">
        <ul>
          {NAV.filter((n) => session.can(n.method, n.path)).map((n) => (
            <li key={n.to}>
              <NavLink to={n.to}>{n.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * After a move to another screen (not the first page load), focus goes to the screen itself, as
 * a page load would put it at the top: a keyboard or screen-reader user is not left on a link of
 * the screen that is gone.
 */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: false });
  }, [pathname]);
}
