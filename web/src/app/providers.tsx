import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ResourceExtensionsProvider } from '../ui/resource-extensions';
import { ErrorBoundary } from '../ui/error-boundary';
import { PreferenceCache, PreferenceProvider, serverPreferences } from '../ui/table-columns/preference-store';
import { Toaster } from '../ui/toast/toaster';
import { createQueryClient } from './query-client';
import { RESOURCE_EXTENSIONS } from './resource-extensions';
import { ThemeProvider } from './theme';

/** Everything every page relies on: query cache, the person's preferences, theme, toasts, what areas offer each other, and a last-resort error boundary. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [preferences] = useState(() => new PreferenceCache(serverPreferences));
  // Signing out clears the query cache; the preferences of the person who left go with it.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'removed' && client.getQueryCache().getAll().length === 0) preferences.forget();
      }),
    [client, preferences],
  );
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <PreferenceProvider cache={preferences}>
            <ResourceExtensionsProvider value={RESOURCE_EXTENSIONS}>{children}</ResourceExtensionsProvider>
          </PreferenceProvider>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
