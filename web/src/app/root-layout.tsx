import { Suspense } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { RenderErrorFallback } from '../ui/error-boundary';
import { SkeletonScreen } from '../ui/skeleton';

/** Every page: lazily loaded routes show the skeleton while their code arrives. */
export function RootLayout() {
  return (
    <Suspense fallback={<SkeletonScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** A page that failed to render (or to load its code): 'Sorry.. there was an error'. */
export function RouteError() {
  return <RenderErrorFallback error={useRouteError()} />;
}
