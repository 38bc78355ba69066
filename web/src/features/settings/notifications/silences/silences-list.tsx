import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../../ui/data-table';
import { DateTime } from '../../../../ui/date-time';
import { useNow } from '../../../../ui/use-now';
import { PersonCell } from '../../../../ui/resource-settings/person-cell';
import { useSilences } from './api';
import { SilenceDialog, type SilenceEditing } from './silence-dialog';
import { newSilence, silenceValuesOf } from './silence-values';
import type { SilenceRow, SilenceSelector } from './types';

const column = createColumnHelper<SilenceRow>();

/** A selector as one line: `type name labels id`. */
export function selectorText(selector: SilenceSelector): string {
  return [selector.type, selector.name, selector.labels && `{${selector.labels}}`, selector.id].filter(Boolean).join(' ');
}

function WindowCell({ row }: { row: SilenceRow }) {
  const now = useNow();
  const state = new Date(row.until).getTime() <= now ? 'expired' : new Date(row.from).getTime() > now ? 'upcoming' : 'active';
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <DateTime value={row.from} /> – <DateTime value={row.until} />
      <span data-state={state} className="rounded bg-surface-muted px-1.5 text-xs text-fg-muted">
        {state}
      </span>
    </span>
  );
}

const COLUMNS: DataTableColumn<SilenceRow>[] = [
  column.accessor('name', { header: 'Name', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.display({ id: 'window', header: 'Window', cell: (info) => <WindowCell row={info.row.original} /> }),
  column.display({
    id: 'matches',
    header: 'Filter / Selectors',
    cell: (info) => {
      const { filter, selectors } = info.row.original;
      return (
        <span className="flex flex-col font-mono text-xs">
          {filter && <span>{filter}</span>}
          {(selectors ?? []).map((selector, index) => (
            <span key={index}>{selectorText(selector)}</span>
          ))}
        </span>
      );
    },
  }),
  column.accessor('notification', { header: 'Notification', cell: (info) => info.getValue()?.title ?? (info.getValue() ? '' : 'All') }),
  column.accessor('created_by', { header: 'Created By', cell: (info) => <PersonCell person={info.getValue()} /> }),
];

/** The silences of notifications, with add, edit and delete for those who may write notifications. */
export function SilencesList({ canWrite }: { canWrite: boolean }) {
  const silences = useSilences();
  const rows = silences.data ?? [];
  const [editing, setEditing] = useState<SilenceEditing>({ open: false });
  return (
    <div className="flex flex-col gap-3">
      {canWrite && (
        <div className="flex justify-end">
          <Button size="sm" onClick={() => setEditing({ open: true, initial: newSilence() })}>
            <Plus className="size-4" aria-hidden="true" />
            Add Silence
          </Button>
        </div>
      )}
      <DataTable
        label="Silences"
        columns={COLUMNS}
        data={rows}
        totalRowCount={rows.length}
        getRowId={(row) => row.id}
        isLoading={silences.isPending}
        isFetching={silences.isFetching && !silences.isPending}
        enableSorting={false}
        defaultPageSize={Math.max(rows.length, 50)}
        urlParams={{ pageIndex: 'silencesPage', pageSize: 'silencesPageSize' }}
        onRowClick={(row) => setEditing({ open: true, id: row.id, initial: silenceValuesOf(row) })}
      />
      <SilenceDialog editing={editing} canWrite={canWrite} onClose={() => setEditing({ open: false })} />
    </div>
  );
}
