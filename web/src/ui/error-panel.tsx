import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ErrorPanelProps {
  error: unknown;
  /** Heading; the generic panel says 'Something went wrong'. */
  title?: string;
  /** Hides the stack and the cause (e.g. for errors a user can do nothing about). */
  hideDetails?: boolean;
  /** Actions under the message, e.g. a retry button. */
  children?: ReactNode;
  className?: string;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unexpected error occurred.';
}

function causeOf(error: unknown): string | null {
  if (!(error instanceof Error) || error.cause === undefined) return null;
  const { cause } = error;
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`;
  try {
    return typeof cause === 'string' ? cause : JSON.stringify(cause, null, 2);
  } catch {
    return String(cause);
  }
}

/** The generic error panel: a heading, the message, and the stack and cause unless hidden. */
export function ErrorPanel({ error, title = 'Something went wrong', hideDetails = false, children, className }: ErrorPanelProps) {
  const stack = error instanceof Error ? error.stack : undefined;
  const cause = causeOf(error);
  return (
    <div role="alert" className={cn('rounded-lg border border-danger-border bg-surface p-5', className)}>
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 className="text-base font-semibold text-fg">{title}</h2>
          <p className="text-sm break-words text-fg-muted">{messageOf(error)}</p>
          {!hideDetails && stack && (
            <details className="text-xs">
              <summary className="cursor-pointer text-fg-muted">Stack</summary>
              <pre className="mt-2 max-h-64 overflow-auto rounded bg-surface-muted p-3 font-mono whitespace-pre-wrap text-fg">
                {stack}
              </pre>
            </details>
          )}
          {!hideDetails && cause && (
            <details className="text-xs">
              <summary className="cursor-pointer text-fg-muted">Cause</summary>
              <pre className="mt-2 max-h-64 overflow-auto rounded bg-surface-muted p-3 font-mono whitespace-pre-wrap text-fg">
                {cause}
              </pre>
            </details>
          )}
          {children && <div className="pt-1">{children}</div>}
        </div>
      </div>
    </div>
  );
}
