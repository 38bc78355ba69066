import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../cn';
import { TOASTER_ATTRIBUTE } from './toaster-region';
import { dismissToast, getToasts, subscribeToasts, type Toast, type ToastTone } from './toast-store';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const ICON_COLOURS: Record<ToastTone, string> = {
  success: 'text-success',
  error: 'text-danger',
  info: 'text-info',
};

function ToastItem({ toast }: { toast: Toast }) {
  const Icon = ICONS[toast.tone];
  return (
    <li
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-tone={toast.tone}
      className="pointer-events-auto flex w-80 items-start gap-3 rounded-lg border border-border bg-surface p-3 shadow-lg"
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_COLOURS[toast.tone])} aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm break-words text-fg">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Close"
        className="-m-1 rounded p-1 text-fg-muted hover:bg-surface-muted hover:text-fg cursor-pointer"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The toast stack, top-right; each toast closes itself after five seconds or on its close button. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    // Above every drawer and dialog (z-50) and their overlays, so a toast raised from one is seen.
    <section aria-label="Notifications" {...{ [TOASTER_ATTRIBUTE]: '' }} className="pointer-events-none fixed top-4 right-4 z-[100]">
      <ol className="flex flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
