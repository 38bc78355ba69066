import { Dialog } from '../../../ui/dialog';
import type { NotificationSummary } from './types';

export const NO_ERROR_TEXT = 'No error was recorded.';

/** The most common error of a notification's failed sends. */
export function FailedErrorDialog({ notification, onClose }: { notification: NotificationSummary | null; onClose: () => void }) {
  return (
    <Dialog open={notification !== null} onOpenChange={(open) => !open && onClose()} title="Most Common Error" size="medium">
      {notification && (
        <div className="flex flex-col gap-2">
          <p className="text-[0.8125rem] text-fg-muted">
            {notification.title || notification.events.join(', ')}: {Number(notification.failed)} failed
          </p>
          <pre className="rounded-md bg-surface-muted p-3 font-mono text-xs break-words whitespace-pre-wrap text-danger">
            {notification.most_common_error ?? NO_ERROR_TEXT}
          </pre>
        </div>
      )}
    </Dialog>
  );
}
