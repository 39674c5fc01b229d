import { Link } from 'react-router';
import { Page } from '../ui/page';

export function NotFound() {
  return (
    <Page title="Not found">
      <p>The console has no screen at this address.</p>
      <p>
        <Link to="/query">Open the query screen</Link>
      </p>
    </Page>
  );
}
