import { connectionForm } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { CellText } from '../../../ui/cell-text';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { columnWidth as width, RESOURCE_COLUMN_WIDTHS } from '../../../ui/resource-settings/column-widths';
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
      <span className="flex min-w-0 items-center gap-2 font-medium">
        <ConnectionIcon icon={connectionForm(info.row.original.type)?.icon ?? 'http'} className="size-4 shrink-0" />
        <CellText text={info.getValue()} />
      </span>
    ),
  }),
  column.accessor('type', { header: 'Type', ...width('w-[11%]'), cell: (info) => connectionForm(info.getValue())?.title ?? info.getValue() }),
  column.accessor('namespace', { header: 'Namespace', ...width(RESOURCE_COLUMN_WIDTHS.namespace), cell: (info) => <CellText text={info.getValue()} /> }),
  column.accessor('source', { header: 'Source', ...width(RESOURCE_COLUMN_WIDTHS.source), cell: (info) => <CellText text={info.getValue()} /> }),
  column.accessor('created_by', { header: 'Created By', enableSorting: false, ...width(RESOURCE_COLUMN_WIDTHS.createdBy), cell: (info) => <PersonCell person={info.getValue()} /> }),
  column.accessor('created_at', { header: 'Created At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
  column.accessor('updated_at', { header: 'Updated At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
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
        layout="fixed"
        dense
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
