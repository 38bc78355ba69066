import { Outlet } from 'react-router';
import { Button } from '../ui/button';
import { ErrorPanel } from '../ui/error-panel';
import { SkeletonScreen } from '../ui/skeleton';
import { useFeatureFlags } from './access/feature-flags';

/**
 * Signed-in routes wait until the feature flags have loaded; the skeleton shows meanwhile.
 */
export function FlagsGate() {
  const { data, isError, error, refetch, isFetching } = useFeatureFlags();
  // A failed refresh keeps the flags already loaded; only a first load that fails stops here (a
  // load that failed before signing in is simply fetched again).
  if (data === undefined && (!isError || isFetching)) return <SkeletonScreen />;
  if (data === undefined) {
    return (
      <main className="mx-auto max-w-2xl p-6">
        <ErrorPanel error={error} title="The feature flags could not be loaded">
          <Button variant="secondary" size="sm" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </ErrorPanel>
      </main>
    );
  }
  return <Outlet />;
}
