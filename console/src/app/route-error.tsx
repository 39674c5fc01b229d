import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorNote } from '../ui/states';

/** What a screen that failed to load or render shows instead, with a way back. */
export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : error;
  return (
    <section className="page">
      <h1>Something went wrong</h1>
      <ErrorNote error={shown} />
      <p>
        <Link to="/query">Back to the query screen</Link>
      </p>
    </section>
  );
}
