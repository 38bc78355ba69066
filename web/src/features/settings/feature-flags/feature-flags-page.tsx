import { LOCAL_FLAG_SOURCE } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { CellText } from '../../../ui/cell-text';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { columnWidth as width, RESOURCE_COLUMN_WIDTHS } from '../../../ui/resource-settings/column-widths';
import { DateTime } from '../../../ui/date-time';
import { useTableUrlState } from '../../../ui/table-url-state';
import { toast } from '../../../ui/toast/toast-store';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { useFeatureFlagList, type FeatureFlag } from './api';
import { FeatureFlagDialog } from './feature-flag-dialog';

export const LOCAL_FLAG_MESSAGE = 'Cannot edit local feature flags';
const DEFAULT_SORT = { id: 'name', desc: false } as const;

const column = createColumnHelper<FeatureFlag>();

const COLUMNS: DataTableColumn<FeatureFlag>[] = [
  // Names and values are single long words (dotted names, URLs): they break anywhere; the description wraps.
  column.accessor('name', { header: 'Name', ...width('w-[24%]'), cell: (info) => <span className="font-mono font-medium">{info.getValue()}</span> }),
  column.accessor('value', { header: 'Value', ...width('w-[18%]'), cell: (info) => <span className="font-mono">{info.getValue()}</span> }),
  column.accessor('description', { header: 'Description' }),
  column.accessor('source', { header: 'Source', ...width('w-[8%]'), cell: (info) => <CellText text={info.getValue()} /> }),
  column.accessor('created_by', { header: 'Created By', enableSorting: false, ...width(RESOURCE_COLUMN_WIDTHS.createdBy), cell: (info) => <PersonCell person={info.getValue()} /> }),
  column.accessor('updated_at', { header: 'Updated At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
];

type Editing = { open: false } | { open: true; flag?: FeatureFlag };

/** `/settings/feature-flags`: the properties that switch features, with add, edit and delete. */
export function FeatureFlagsPage() {
  const canWrite = useCan('properties', 'write');
  const url = useTableUrlState({ defaultSort: DEFAULT_SORT });
  const list = useFeatureFlagList({ pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const [editing, setEditing] = useState<Editing>({ open: false });

  const edit = (flag: FeatureFlag) => {
    if (flag.source === LOCAL_FLAG_SOURCE) {
      toast.error(LOCAL_FLAG_MESSAGE);
      return;
    }
    setEditing({ open: true, flag });
  };

  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Feature Flags"
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setEditing({ open: true })}>
              <Plus className="size-4" aria-hidden="true" />
              Add Feature Flag
            </Button>
          )
        }
      />
      <DataTable
        label="Feature Flags"
        columns={COLUMNS}
        data={list.data?.rows ?? []}
        totalRowCount={list.data?.total}
        getRowId={(row) => row.name}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        defaultSort={DEFAULT_SORT}
        layout="fixed"
        dense
        onRowClick={canWrite ? edit : undefined}
      />
      {canWrite && (
        <FeatureFlagDialog
          flag={editing.open ? editing.flag : undefined}
          open={editing.open}
          onOpenChange={(open) => !open && setEditing({ open: false })}
        />
      )}
    </SettingsPage>
  );
}
