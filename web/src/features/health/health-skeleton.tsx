import { Skeleton } from '../../ui/skeleton';

/** The dashboard's outline while the first summary loads. */
export function HealthSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading checks" className="flex flex-col gap-6 lg:flex-row">
      <div className="flex w-full flex-col gap-3 lg:w-60">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="mb-2 h-9 w-96 max-w-full" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
      <span className="sr-only">Loading checks…</span>
    </div>
  );
}
