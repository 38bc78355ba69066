import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DeniedHint, useDenied } from '../../app/access/denied';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { TablePagination } from '../../ui/table-pagination';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useIncidentList, type IncidentPage } from './api';
import { CreateIncidentDialog } from './create-incident-dialog';
import { readIncidentFilters } from './incident-filters';
import { IncidentsFilterBar } from './incidents-filter-bar';
import { IncidentsTable } from './incidents-table';

export const NO_INCIDENTS = 'There are no incidents matching this criteria';
const PAGE_SIZES = [50, 100, 200] as const;

interface Paging {
  filtersKey: string;
  index: number;
  size: number;
  /** Where each page reached by Next starts: the last row of the page before it. */
  afters: Record<number, IncidentPage['after']>;
}

/** The page to read: after the nearest page start known, counting rows on from there. */
function pageQuery({ index, size, afters }: Paging): IncidentPage {
  let known = index;
  while (known > 0 && !afters[known]) known -= 1;
  return { size, offset: (index - known) * size, after: afters[known] };
}

/** `/incidents`: incidents filtered by the query string, each with at most 5 responder avatars. */
export function IncidentsPage() {
  const createDenied = useDenied('incident');
  useDocumentTitle('Incidents | Pharos');
  const [search] = useSearchParams();
  const filters = readIncidentFilters(search);
  const [paging, setPaging] = useState<Paging>({ filtersKey: '', index: 0, size: 200, afters: {} });
  // Other filters start again at the first page.
  const filtersKey = JSON.stringify(filters);
  const current = paging.filtersKey === filtersKey ? paging : { filtersKey, index: 0, size: paging.size, afters: {} };
  const incidents = useIncidentList(filters, pageQuery(current));
  const rows = incidents.data?.rows ?? [];
  const goTo = (index: number) => {
    const last = rows.at(-1);
    // Moving on from a page, its last row is where the next one starts.
    const afters = index === current.index + 1 && last ? { ...current.afters, [index]: { created_at: last.created_at, id: last.id } } : current.afters;
    setPaging({ ...current, index, afters });
  };

  return (
    <main className="flex min-h-0 flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-lg font-semibold text-fg">Incidents</h1>
        {createDenied ? (
          <DeniedHint reason={createDenied}>
            <Button disabled>Create incident</Button>
          </DeniedHint>
        ) : (
          <CreateIncidentDialog />
        )}
      </div>
      <IncidentsFilterBar filters={filters} />
      {incidents.isError && <ErrorPanel error={incidents.error} title="Could not load the incidents" hideDetails />}
      {incidents.isPending && <p className="text-sm text-fg-muted">Loading ...</p>}
      {incidents.isSuccess && rows.length === 0 && <p className="py-8 text-center text-sm text-fg-muted">{NO_INCIDENTS}</p>}
      {rows.length > 0 && (
        <IncidentsTable rows={rows} />
      )}
      {(rows.length > 0 || current.index > 0) && (
        <TablePagination
          pageIndex={current.index}
          pageSize={current.size}
          pageCount={null}
          hasNextPage={incidents.data?.more ?? false}
          pageSizeOptions={PAGE_SIZES}
          onPageIndexChange={goTo}
          onPageSizeChange={(size) => setPaging({ filtersKey, index: 0, size, afters: {} })}
        />
      )}
    </main>
  );
}
