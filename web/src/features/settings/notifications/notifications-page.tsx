import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { useTableUrlState } from '../../../ui/table-url-state';
import { Tabs } from '../../../ui/tabs';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { useNotificationSummaries } from './api';
import { FailedErrorDialog } from './failed-error-dialog';
import { notificationColumns } from './notification-columns';
import { NotificationDialog, type NotificationEditing } from './notification-dialog';
import { SilencesList } from './silences/silences-list';
import type { NotificationSummary } from './types';

const TABS = { rules: 'Rules', silences: 'Silences' } as const;

/** Spec 3 section 2.3: the breadcrumb links to the jobs screen; it ends with the open tab. */
function crumbsOf(tab: string | null) {
  return [{ label: 'Settings' }, { label: 'Notifications', to: '/settings/jobs' }, { label: tab === 'silences' ? TABS.silences : TABS.rules }];
}

/** `/settings/notifications`: the notification rules with their send counts, and the silences. */
export function NotificationsPage() {
  const canWrite = useCan('notifications', 'write');
  const [editing, setEditing] = useState<NotificationEditing>({ open: false });
  const [search] = useSearchParams();
  const crumbs = useMemo(() => crumbsOf(search.get('tab')), [search]);
  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Notifications"
        crumbs={crumbs}
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setEditing({ open: true })}>
              <Plus className="size-4" aria-hidden="true" />
              Create Notification
            </Button>
          )
        }
      />
      <Tabs
        label="Notifications"
        urlParam="tab"
        resetParams={['pageIndex', 'silencesPage']}
        items={[
          { value: 'rules', label: TABS.rules, content: <NotificationRules onOpen={(id) => setEditing({ open: true, id })} /> },
          { value: 'silences', label: TABS.silences, content: <SilencesList canWrite={canWrite} /> },
        ]}
      />
      <NotificationDialog editing={editing} canWrite={canWrite} onClose={() => setEditing({ open: false })} />
    </SettingsPage>
  );
}

function NotificationRules({ onOpen }: { onOpen: (id: string) => void }) {
  const url = useTableUrlState({});
  const list = useNotificationSummaries({ pageIndex: url.pageIndex, pageSize: url.pageSize });
  const [failedOf, setFailedOf] = useState<NotificationSummary | null>(null);
  const columns = useMemo(() => notificationColumns(setFailedOf), []);
  return (
    <>
      <DataTable
        label="Notifications"
        columns={columns}
        data={list.data?.rows ?? []}
        totalRowCount={list.data?.total}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        enableSorting={false}
        dense
        onRowClick={(row) => onOpen(row.id)}
      />
      <FailedErrorDialog notification={failedOf} onClose={() => setFailedOf(null)} />
    </>
  );
}
