import { Suspense } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { useReloadWhenStale } from '../ui/app-update';
import { RenderErrorFallback } from '../ui/error-boundary';
import { SkeletonScreen } from '../ui/skeleton';

/** Every page: lazily loaded routes show the skeleton while their code arrives. */
export function RootLayout() {
  useReloadWhenStale();
  return (
    <Suspense fallback={<SkeletonScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** A page that failed to render: 'Sorry.. there was an error'; or to load its code: 'Pharos was updated — reload'. */
export function RouteError() {
  useReloadWhenStale();
  return <RenderErrorFallback error={useRouteError()} />;
}
