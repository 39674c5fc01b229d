import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleRouter } from './app/routes';
import { openSession, type Session, SessionProvider, storedCredentials } from './session/session';
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
    } catch {
      sessionStorage.clear();
    }
  }
  const router = consoleRouter(() => storedCredentials() !== undefined);
  root.render(
    <StrictMode>
      <SessionProvider initial={initial}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

void start();
