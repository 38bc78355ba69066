import { isNotificationEditable } from '@pharos/core';
import { useState } from 'react';
import { Dialog } from '../../../ui/dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import { useNotification } from './api';
import { NotificationForm } from './notification-form';
import { NotificationView } from './notification-view';
import { SendHistory } from './send-history';
import { SilenceDialog, type SilenceEditing } from './silences/silence-dialog';
import { newSilence } from './silences/silence-values';
import { SELECTOR_TYPES, type SilenceSelector } from './silences/types';
import type { SendHistoryRow } from './types';

export type NotificationEditing = { open: false } | { open: true; id?: string };

interface NotificationDialogProps {
  editing: NotificationEditing;
  canWrite: boolean;
  onClose: () => void;
}

/** 'Create Notification', or 'Edit Notification' with the rule and its send history. */
export function NotificationDialog({ editing, canWrite, onClose }: NotificationDialogProps) {
  const id = editing.open ? editing.id : undefined;
  return (
    <Dialog open={editing.open} onOpenChange={(open) => !open && onClose()} title={id ? 'Edit Notification' : 'Create Notification'} size="large" preventOutsideClose>
      {editing.open && (id ? <ExistingNotification id={id} canWrite={canWrite} onDone={onClose} /> : <NotificationForm onDone={onClose} />)}
    </Dialog>
  );
}

/** The silence a failed send suggests: that resource, for that notification. */
export function silenceSeedOf(send: SendHistoryRow) {
  const type = (SELECTOR_TYPES as readonly string[]).includes(send.resource_type ?? '') ? (send.resource_type as SilenceSelector['type']) : undefined;
  const selector: SilenceSelector = { ...(type ? { type } : {}), ...(send.resource_id ? { id: send.resource_id } : {}) };
  if (!selector.id && send.resource_name) selector.name = send.resource_name;
  return { name: `Silence ${send.resource_name ?? send.resource_id ?? send.recipient ?? ''}`.trim(), selector, notificationId: send.notification_id };
}

function ExistingNotification({ id, canWrite, onDone }: { id: string; canWrite: boolean; onDone: () => void }) {
  const notification = useNotification(id);
  const [silence, setSilence] = useState<SilenceEditing>({ open: false });
  if (notification.isPending) return <Spinner label="Loading notification" />;
  if (notification.isError) return <ErrorPanel error={notification.error} title="Could not load the notification" />;
  const row = notification.data;
  if (!row) return <p className="text-sm text-fg-muted">This notification no longer exists.</p>;
  const editable = isNotificationEditable(row.source);
  const details =
    editable && canWrite ? (
      <NotificationForm notification={row} onDone={onDone} />
    ) : (
      <NotificationView
        notification={row}
        note={editable ? 'You may not change notifications.' : `This notification comes from ${row.source ?? ''}: it can only be edited there.`}
      />
    );
  return (
    <>
      <Tabs
        label="Notification"
        items={[
          { value: 'details', label: 'Details', content: details },
          {
            value: 'history',
            label: 'Send History',
            content: (
              <SendHistory
                notificationId={id}
                onSilence={canWrite ? (send) => setSilence({ open: true, initial: newSilence(silenceSeedOf(send)) }) : undefined}
              />
            ),
          },
        ]}
      />
      <SilenceDialog editing={silence} canWrite={canWrite} onClose={() => setSilence({ open: false })} />
    </>
  );
}
