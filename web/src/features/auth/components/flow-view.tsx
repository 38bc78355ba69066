import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';

/** Placeholder fields while a flow loads. */
export function FlowSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading form" className="space-y-4">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-4 w-20" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** The form of a flow once loaded; a skeleton before, the error when loading failed for good. */
export function FlowView<F>({ flow, error, children }: { flow: F | undefined; error: unknown; children: (flow: F) => ReactNode }) {
  if (error) return <ErrorPanel error={error} hideDetails />;
  if (flow === undefined) return <FlowSkeleton />;
  return <>{children(flow)}</>;
}
