import { GENERIC_LIST_LIMIT } from '@pharos/core';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { AddScraperDialog } from './add-scraper-dialog';
import { scraperColumns } from './scraper-columns';
import { SCRAPERS_CONFIG } from './scraper-form';
import { useSettingsList, type SettingsResource } from '../../../api/settings-resources';
import { useListedRun } from '../../../api/job-history';
import { useCan } from '../../../app/access/use-can';
import { JobDetailsDialog } from '../../../ui/job-history/job-details-dialog';

const DEFAULT_SORT = { id: 'created_at', desc: true } as const;
export const NO_SCRAPERS_TEXT = 'No resources found';

export const scraperPath = (id: string) => `/catalog/scrapers/${encodeURIComponent(id)}`;

/** /catalog/scrapers: the scrapers with their last run, newest first, paged; Add opens the scraper form. */
export function ScrapersListPage() {
  useDocumentTitle('Scrapers | Pharos');
  const navigate = useNavigate();
  const canWrite = useCan(SCRAPERS_CONFIG.resource, 'write');
  const [adding, setAdding] = useState(false);
  const [detailsOf, setDetailsOf] = useState<SettingsResource | null>(null);
  const url = useTableUrlState({ defaultPageSize: GENERIC_LIST_LIMIT, defaultSort: DEFAULT_SORT });
  const list = useSettingsList(SCRAPERS_CONFIG, { pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const listedRun = useListedRun(detailsOf);
  const columns = useMemo(() => scraperColumns(setDetailsOf), []);

  return (
    <main className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold">Scrapers</h1>
        {canWrite && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add
          </Button>
        )}
      </div>
      <DataTable
        label="Scrapers"
        columns={columns}
        data={list.data?.rows ?? []}
        totalRowCount={list.data?.total}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        isFetching={list.isFetching && !list.isPending}
        defaultSort={DEFAULT_SORT}
        defaultPageSize={GENERIC_LIST_LIMIT}
        emptyMessage={NO_SCRAPERS_TEXT}
        layout="fixed"
        dense
        onRowClick={(row) => void navigate(scraperPath(row.id))}
      />
      <JobDetailsDialog job={detailsOf ? (listedRun.data ?? null) : null} onClose={() => setDetailsOf(null)} />
      {canWrite && <AddScraperDialog open={adding} onOpenChange={setAdding} onCreated={(id) => id && void navigate(scraperPath(id))} />}
    </main>
  );
}
