import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleRouter } from './app/routes';
import { ApiError } from './api/client';
import {
  forgetCredentials,
  openSession,
  type Session,
  SessionProvider,
  storedCredentials,
} from './session/session';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Reopens this tab's session (if its key still works), then renders the console. */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let initial: Session | undefined;
  const credentials = storedCredentials();
  if (credentials !== undefined) {
    try {
      initial = await openSession(credentials);
    } catch (error) {
      // A refused key is forgotten; a network error or an API restart is not a sign-out.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        forgetCredentials();
    }
  }
  const router = consoleRouter(() => storedCredentials() !== undefined);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initial={initial}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
