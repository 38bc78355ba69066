import { cn } from './cn';

/** The Pharos mark (a lighthouse) with the wordmark. */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-fg', className)}>
      <svg viewBox="0 0 32 32" className="size-8" role="img" aria-label="Pharos">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path d="M16 5l3 5h-6l3-5zm-3.2 7h6.4l1.8 13H11l1.8-13zM9 27h14v2H9z" fill="var(--accent-fg)" />
      </svg>
      {withName && (
        <span className="text-lg font-semibold tracking-tight" aria-hidden="true">
          Pharos
        </span>
      )}
    </span>
  );
}
