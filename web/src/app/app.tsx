import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from '../api/navigation';
import { markAppStale } from '../ui/app-update';
import { sessionQuery } from '../api/session';
import { featureFlagsQuery } from './access/feature-flags';
import { Providers } from './providers';
import { isPublicPage } from './public-pages';
import { createQueryClient } from './query-client';
import { routes } from './routes';

/** The browser router; navigation outside components (HTTP client, flow reactions) goes through it too. */
const router = createBrowserRouter(routes);
setNavigator((to, options) => void router.navigate(to, options));

const queryClient = createQueryClient();

// Vite's preload of a chunk (or its CSS) failed: the files of this build are gone after a deploy.
window.addEventListener('vite:preloadError', () => markAppStale());

// A signed-in page needs the session and the feature flags before it renders: ask for both at once,
// before the first render, rather than one after the other as the gates mount (the entry script
// started both requests already: these take their answers).
if (!isPublicPage(window.location.pathname)) {
  void queryClient.prefetchQuery(sessionQuery);
  void queryClient.prefetchQuery(featureFlagsQuery);
}

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

/** Renders the app into the page. */
export function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
