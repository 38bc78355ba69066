import { ANALYSIS_TYPES, INSIGHTS_DEFAULTS, SEVERITY_FILTER_VALUES } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CellText } from '../../../ui/cell-text';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { columnWidth as width } from '../../../ui/resource-settings/column-widths';
import { DateTime } from '../../../ui/date-time';
import { Drawer } from '../../../ui/drawer';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useConfigTypes } from '../changes/changes-api';
import { SeverityBadge } from '../changes/severity-badge';
import { useAnalyzers, useInsights, type InsightItem } from './insights-api';
import { DEFAULT_INSIGHTS_SORT_BY, INSIGHT_PARAM_ALIASES, insightFilterValue, insightsQueryOf, type InsightFilter } from './insights-params';

const column = createColumnHelper<InsightItem>();
const config = column.accessor('config_name', { header: 'Config', ...width('w-[13%]'), cell: (c) => <CellText text={c.getValue<string | null>() ?? c.row.original.config_id} /> });
const analyzer = column.accessor('analyzer', { header: 'Analyzer', ...width('w-[17%]'), cell: (c) => <CellText text={c.getValue<string>()} /> });
const type = column.accessor('analysis_type', { header: 'Type', ...width('w-[6.5rem]'), cell: (c) => <CellText text={c.getValue<string>()} /> });
const severity = column.accessor('severity', { header: 'Severity', ...width('w-[7rem]'), cell: (c) => <SeverityBadge severity={c.getValue<string | null>()} /> });
const status = column.accessor('status', { header: 'Status', ...width('w-[5.5rem]') });
// A long message shows its first lines; the row's drawer and the title have all of it.
const message = column.accessor('message', {
  header: 'Message',
  enableSorting: false,
  cell: (c) => {
    const text = c.getValue<string | null>() ?? c.row.original.summary;
    return <span className="line-clamp-3" title={text ?? undefined}>{text}</span>;
  },
});
const firstObserved = column.accessor('first_observed', { header: 'First observed', ...width('w-[7.5rem]'), cell: (c) => <DateTime value={c.getValue<string>()} /> });
const lastObserved = column.accessor('last_observed', { header: 'Last observed', ...width('w-[7.5rem]'), cell: (c) => <DateTime value={c.getValue<string | null>()} /> });

/** Columns of fixed widths, Message taking the rest. */
const COLUMNS: DataTableColumn<InsightItem>[] = [config, analyzer, type, severity, status, message, firstObserved, lastObserved];
/** One config's insights, in the narrower pane beside its details: its name and the first sighting are left to the drawer. */
const CONFIG_COLUMNS: DataTableColumn<InsightItem>[] = [analyzer, type, severity, status, message, lastObserved];

const DEFAULT_SORT = { id: DEFAULT_INSIGHTS_SORT_BY, desc: true };
const selectClass = 'h-9 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg';

function SelectFilter({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-fg-muted">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The insights list with its filters; with `configId`, one config's insights. */
export function InsightsList({ configId }: { configId?: string }) {
  const [search, setSearch] = useSearchParams();
  const table = useTableUrlState({ defaultPageSize: INSIGHTS_DEFAULTS.pageSize, defaultSort: DEFAULT_SORT });
  const insights = useInsights(insightsQueryOf(search, table, configId));
  const analyzers = useAnalyzers();
  const configTypes = useConfigTypes();
  const [open, setOpen] = useState<InsightItem | null>(null);

  const setFilter = (filter: InsightFilter, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      const alias = INSIGHT_PARAM_ALIASES[filter];
      if (alias) next.delete(alias);
      if (value) next.set(filter, value);
      else next.delete(filter);
      next.delete('pageIndex');
      return next;
    });
  const value = (filter: InsightFilter) => insightFilterValue(search, filter) ?? '';

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Insight filters">
        <SelectFilter label="Status" value={value('status')} options={['open', 'resolved', 'silenced']} onChange={(v) => setFilter('status', v)} />
        <SelectFilter label="Type" value={value('analysis_type')} options={ANALYSIS_TYPES} onChange={(v) => setFilter('analysis_type', v)} />
        <SelectFilter
          label="Severity"
          value={value('severity')}
          options={SEVERITY_FILTER_VALUES.filter((s) => s !== 'All').map((s) => s.toLowerCase())}
          onChange={(v) => setFilter('severity', v)}
        />
        <SelectFilter label="Analyzer" value={value('analyzer')} options={analyzers.data ?? []} onChange={(v) => setFilter('analyzer', v)} />
        {!configId && <SelectFilter label="Config type" value={value('config_type')} options={configTypes.data ?? []} onChange={(v) => setFilter('config_type', v)} />}
      </div>
      {/* A failure is a toast with its message (spec 2 section 8), through the shared query error handling. */}
      <DataTable
        label="Insights"
        columns={configId === undefined ? COLUMNS : CONFIG_COLUMNS}
        data={insights.data?.items ?? []}
        getRowId={(row) => row.id}
        totalRowCount={insights.data?.total}
        isLoading={insights.isLoading}
        isFetching={insights.isFetching}
        defaultPageSize={INSIGHTS_DEFAULTS.pageSize}
        defaultSort={DEFAULT_SORT}
        layout="fixed"
        dense
        onRowClick={(row) => setOpen(row)}
      />
      <Drawer open={open !== null} onOpenChange={(o) => !o && setOpen(null)} title={open ? `${open.analyzer}: ${open.config_name ?? open.config_id}` : ''}>
        {open && (
          <div className="flex flex-col gap-2 text-sm">
            <p>
              <SeverityBadge severity={open.severity} /> {open.analysis_type} · {open.status}
            </p>
            <p>{open.message ?? open.summary}</p>
            <p className="text-fg-muted">
              First observed <DateTime value={open.first_observed} />
            </p>
            {open.analysis != null && <pre className="overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">{JSON.stringify(open.analysis, null, 2)}</pre>}
          </div>
        )}
      </Drawer>
    </div>
  );
}
