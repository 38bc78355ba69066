import { GENERIC_LIST_LIMIT, type SettingsTable } from '@pharos/core';
import { Plus } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { isSettingsTable, settingsDetailPath, settingsTableConfig } from '../../../ui/resource-settings/tables';
import { UnknownSettingsTable } from './unknown-table';
import { AddResourceDialog } from './add-resource-dialog';
import { useSettingsList } from '../../../api/settings-resources';
import { resourceColumns } from './resource-columns';

export const NO_RESOURCES_TEXT = 'No resources found';
const DEFAULT_SORT = { id: 'created_at', desc: true } as const;

/** The Add control of a table with its own form (scrapers, topologies and logging backends). */
export type AddDialogRenderer = (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;

export interface SettingsResourceListPageProps {
  table?: SettingsTable;
  /** The table's own Add dialog instead of the generic YAML one. */
  addDialog?: AddDialogRenderer;
}

/** `/settings/{table}`: the list of a settings table (spec 3 section 2.1). */
export function SettingsResourceListPage({ table: fixedTable, addDialog }: SettingsResourceListPageProps) {
  const params = useParams();
  const table = fixedTable ?? params['table'];
  if (!isSettingsTable(table)) return <UnknownSettingsTable />;
  return <ResourceList key={table} table={table} addDialog={addDialog} />;
}

function ResourceList({ table, addDialog }: { table: SettingsTable; addDialog: AddDialogRenderer | undefined }) {
  const config = settingsTableConfig(table);
  const navigate = useNavigate();
  const canWrite = useCan(config.resource, 'write');
  const [adding, setAdding] = useState(false);
  const url = useTableUrlState({ defaultPageSize: GENERIC_LIST_LIMIT, defaultSort: DEFAULT_SORT });
  const list = useSettingsList(config, { pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const columns = useMemo(() => resourceColumns(config), [config]);

  return (
    <SettingsPage>
      <SettingsPageHeader
        title={config.title}
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Add
            </Button>
          )
        }
      />
      <DataTable
        label={config.title}
        columns={columns}
        data={list.data?.rows ?? []}
        totalRowCount={list.data?.total}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        defaultSort={DEFAULT_SORT}
        defaultPageSize={GENERIC_LIST_LIMIT}
        emptyMessage={NO_RESOURCES_TEXT}
        layout="fixed"
        dense
        onRowClick={(row) => void navigate(settingsDetailPath(table, row.id))}
      />
      {canWrite &&
        (addDialog ? addDialog({ open: adding, onOpenChange: setAdding }) : <AddResourceDialog config={config} open={adding} onOpenChange={setAdding} />)}
    </SettingsPage>
  );
}
