import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { RouteError } from './route-error';
import { Shell } from './shell';
import { SignIn } from '../screens/sign-in';

/**
 * Every screen and its deep link (under /console). Each screen is its own chunk, loaded when
 * first opened, so the first page load carries only the shell and the sign-in.
 */
export function consoleRoutes(signedIn: () => boolean): RouteObject[] {
  const guard = ({ request }: { request: Request }) => {
    if (signedIn()) return null;
    const url = new URL(request.url);
    const next = url.pathname.replace(/^\/console/, '') + url.search;
    return redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  };
  return [
    { path: '/sign-in', element: <SignIn />, errorElement: <RouteError /> },
    {
      element: <Shell />,
      loader: guard,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="/query" replace /> },
        {
          path: 'query',
          lazy: () =>
            import('../screens/query/query-screen').then((m) => ({ Component: m.QueryScreen })),
        },
        {
          path: 'entities/:entityId',
          lazy: () =>
            import('../screens/entity/entity-screen').then((m) => ({ Component: m.EntityScreen })),
        },
        {
          path: 'rules',
          lazy: () =>
            import('../screens/rules/rules-screen').then((m) => ({ Component: m.RulesScreen })),
        },
        {
          path: 'rules/new',
          lazy: () =>
            import('../screens/rules/rule-editor-screen').then((m) => ({
              Component: m.RuleEditorScreen,
            })),
        },
        {
          path: 'rules/:ruleId',
          lazy: () =>
            import('../screens/rules/rule-editor-screen').then((m) => ({
              Component: m.RuleEditorScreen,
            })),
        },
        {
          path: 'alerts',
          lazy: () =>
            import('../screens/alerts/alerts-screen').then((m) => ({ Component: m.AlertsScreen })),
        },
        {
          path: 'alerts/:alertId',
          lazy: () =>
            import('../screens/alerts/alerts-screen').then((m) => ({ Component: m.AlertsScreen })),
        },
        {
          path: 'jobs',
          lazy: () =>
            import('../screens/jobs/jobs-screen').then((m) => ({ Component: m.JobsScreen })),
        },
        {
          path: 'jobs/:jobId',
          lazy: () =>
            import('../screens/jobs/job-screen').then((m) => ({ Component: m.JobScreen })),
        },
        {
          path: 'upload',
          lazy: () =>
            import('../screens/upload/upload-screen').then((m) => ({ Component: m.UploadScreen })),
        },
        {
          path: 'settings',
          lazy: () =>
            import('../screens/settings/settings-screen').then((m) => ({
              Component: m.SettingsScreen,
            })),
        },
        {
          path: '*',
          lazy: () => import('./not-found').then((m) => ({ Component: m.NotFound })),
        },
      ],
    },
  ];
}

export function consoleRouter(signedIn: () => boolean) {
  return createBrowserRouter(consoleRoutes(signedIn), { basename: '/console' });
}
