import { connectionForm } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { useConnectionList, type ConnectionRow } from './api';
import { ConnectionDialog } from './connection-dialog';
import { ConnectionIcon } from './connection-icon';

const DEFAULT_SORT = { id: 'name', desc: false } as const;
const column = createColumnHelper<ConnectionRow>();

const COLUMNS: DataTableColumn<ConnectionRow>[] = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <span className="flex items-center gap-2 font-medium">
        <ConnectionIcon icon={connectionForm(info.row.original.type)?.icon ?? 'http'} className="size-4" />
        {info.getValue()}
      </span>
    ),
  }),
  column.accessor('type', { header: 'Type', cell: (info) => connectionForm(info.getValue())?.title ?? info.getValue() }),
  column.accessor('namespace', { header: 'Namespace' }),
  column.accessor('source', { header: 'Source' }),
  column.accessor('created_by', { header: 'Created By', enableSorting: false, cell: (info) => <PersonCell person={info.getValue()} /> }),
  column.accessor('created_at', { header: 'Created At', cell: (info) => <DateTime value={info.getValue()} /> }),
  column.accessor('updated_at', { header: 'Updated At', cell: (info) => <DateTime value={info.getValue()} /> }),
];

type Editing = { open: false } | { open: true; id?: string };

/** `/settings/connections`: the saved connections; a row opens its form, Add starts with the type chooser. */
export function ConnectionsPage() {
  const canWrite = useCan('connections', 'write');
  const url = useTableUrlState({ defaultSort: DEFAULT_SORT });
  const list = useConnectionList({ pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const rows = list.data?.rows ?? [];
  const connectionNames = (type: string) => rows.filter((row) => row.type === type).map((row) => row.name);

  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Connections"
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setEditing({ open: true })}>
              <Plus className="size-4" aria-hidden="true" />
              Add Connection
            </Button>
          )
        }
      />
      <DataTable
        label="Connections"
        columns={COLUMNS}
        data={rows}
        totalRowCount={list.data?.total}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        defaultSort={DEFAULT_SORT}
        onRowClick={(row) => setEditing({ open: true, id: row.id })}
      />
      <ConnectionDialog
        id={editing.open ? editing.id : undefined}
        open={editing.open}
        onOpenChange={(open) => !open && setEditing({ open: false })}
        canWrite={canWrite}
        connectionNames={connectionNames}
      />
    </SettingsPage>
  );
}
