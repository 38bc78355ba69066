import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ResourceExtensionsProvider } from '../ui/resource-extensions';
import { ErrorBoundary } from '../ui/error-boundary';
import { Toaster } from '../ui/toast/toaster';
import { createQueryClient } from './query-client';
import { RESOURCE_EXTENSIONS } from './resource-extensions';
import { ThemeProvider } from './theme';

/** Everything every page relies on: query cache, theme, toasts, what areas offer each other, and a last-resort error boundary. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <ResourceExtensionsProvider value={RESOURCE_EXTENSIONS}>{children}</ResourceExtensionsProvider>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
