import { GENERIC_LIST_LIMIT } from '@pharos/core';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTableUrlState } from '../../../ui/table-url-state';
import { JobDetailsDialog } from '../../../ui/job-history/job-details-dialog';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { AddIntegrationDialog } from './add-integration-dialog';
import { useIntegrations, type IntegrationRow } from './api';
import { useListedRun } from '../../../api/job-history';
import { integrationColumns } from './integration-columns';
import { integrationPath } from './integration-types';

export const NO_INTEGRATIONS_TEXT = 'No resources found';

/** /settings/integrations: scrapers, topologies and log backends in one list, paged; Add for write on integrations. */
export function IntegrationsPage() {
  const navigate = useNavigate();
  const canWrite = useCan('integrations', 'write');
  const [adding, setAdding] = useState(false);
  const [detailsOf, setDetailsOf] = useState<IntegrationRow | null>(null);
  const url = useTableUrlState({ defaultPageSize: GENERIC_LIST_LIMIT });
  const list = useIntegrations(url.pageIndex, url.pageSize);
  const listedRun = useListedRun(detailsOf);
  const columns = useMemo(() => integrationColumns(setDetailsOf), []);

  return (
    <SettingsPage>
      <SettingsPageHeader
        title="Integrations"
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Add
            </Button>
          )
        }
      />
      {list.isError && !list.data ? (
        <ErrorPanel error={list.error} title="Could not load the integrations" hideDetails />
      ) : (
        <DataTable
          label="Integrations"
          columns={columns}
          data={list.data?.rows ?? []}
          totalRowCount={list.data?.total}
          getRowId={(row) => `${row.integration_type}/${row.id}`}
          isLoading={list.isPending}
          isFetching={list.isFetching && !list.isPending}
          enableSorting={false}
          defaultPageSize={GENERIC_LIST_LIMIT}
          emptyMessage={NO_INTEGRATIONS_TEXT}
          onRowClick={(row) => void navigate(integrationPath(row.integration_type, row.id))}
        />
      )}
      <JobDetailsDialog job={detailsOf ? (listedRun.data ?? null) : null} onClose={() => setDetailsOf(null)} />
      {canWrite && <AddIntegrationDialog open={adding} onOpenChange={setAdding} />}
    </SettingsPage>
  );
}
