import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { Header } from '../features/shell/header';
import { Sidebar } from '../features/shell/sidebar';
import { useShellShortcuts } from '../features/shell/use-shortcuts';
import { loadAppModule } from '../ui/app-update';
import { ErrorBoundary } from '../ui/error-boundary';
import { Skeleton } from '../ui/skeleton';
import { useLocalStorage } from '../ui/use-local-storage';
import { AccessGate } from './access-gate';
import { BreadcrumbProvider, useCurrentBreadcrumb } from './breadcrumb';

const GlobalSearch = lazy(() => loadAppModule(() => import('../features/shell/global-search')));

/** The identity client (and so the logout flow) loads only when the user menu opens: not with the shell. */
const loadLogout = () => loadAppModule(() => import('../features/auth/api/logout'));

/** The foundation's sign-out (logout flow, then /login?return_to=…), loaded on demand. */
function useLazySignOut() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      const { signOut: run } = await loadLogout();
      await run(queryClient, `${pathname}${search}`);
    } finally {
      setPending(false);
    }
  };
  return { signOut, pending, preload: () => void loadLogout() };
}

export const SIDEBAR_COLLAPSED_KEY = 'pharos.sidebar.collapsed';

const parseCollapsed = (stored: unknown): boolean => stored === true;

/** The content area's placeholder while a screen's code loads. */
export function ContentSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-32" />
      ))}
    </div>
  );
}

/**
 * A routed screen inside its guards: the access check (Unauthorized), the render-error boundary
 * ('Sorry.. there was an error', reset on navigation) and the skeleton while its code loads.
 */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <AccessGate>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<ContentSkeleton />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </AccessGate>
  );
}

function ShellFrame() {
  const { data: session } = useSession();
  const { signOut, pending, preload } = useLazySignOut();
  const crumbs = useCurrentBreadcrumb();
  const [collapsed, setCollapsed] = useLocalStorage(SIDEBAR_COLLAPSED_KEY, parseCollapsed);
  const [searchOpen, setSearchOpen] = useState(false);
  const toggleSidebar = () => setCollapsed(!collapsed);
  useShellShortcuts({ onSearch: () => setSearchOpen(true), onToggleSidebar: toggleSidebar });
  const user = session?.user ?? { name: '', email: '', avatar: null };
  return (
    <div className="flex h-full min-h-0 bg-canvas" data-shell="ready">
      <Sidebar collapsed={collapsed} onToggle={toggleSidebar} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          crumbs={crumbs}
          onSearch={() => setSearchOpen(true)}
          user={user}
          onSignOut={() => void signOut()}
          onOpen={preload}
          signingOut={pending}
        />
        <main id="content" className="min-h-0 flex-1 overflow-auto p-4 sm:p-6">
          <ScreenOutlet />
        </main>
      </div>
      {searchOpen && (
        <Suspense fallback={null}>
          <GlobalSearch open onOpenChange={setSearchOpen} />
        </Suspense>
      )}
    </div>
  );
}

/** The application shell: sidebar, header and the routed screen. */
export function ShellLayout() {
  return (
    <BreadcrumbProvider>
      <ShellFrame />
    </BreadcrumbProvider>
  );
}

/** A signed-in screen without the shell (e.g. the embeddable /view/topology/{id}). */
export function BareLayout() {
  return (
    <main className="min-h-full bg-canvas p-4">
      <ScreenOutlet />
    </main>
  );
}
