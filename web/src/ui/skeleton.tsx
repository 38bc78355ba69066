import { cn } from './cn';

/** A pulsing placeholder block. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-muted', className)} />;
}

/** The loading skeleton screen: the outline of the console while the session or a page loads. */
export function SkeletonScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex h-full min-h-screen bg-canvas">
      <div className="hidden w-56 shrink-0 flex-col gap-3 border-r border-border bg-surface p-4 md:flex">
        <Skeleton className="mb-4 h-7 w-28" />
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center justify-between border-b border-border bg-surface px-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="size-8 rounded-full" />
        </div>
        <div className="grid flex-1 grid-cols-1 gap-4 p-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      </div>
      <span className="sr-only">{label}…</span>
    </div>
  );
}
