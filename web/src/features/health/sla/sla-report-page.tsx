import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { linkClass } from '../../../ui/link-styles';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { slaFileUrl, useSlaReport, type SlaQuery } from './sla-api';
import { SLA_COLUMNS } from './sla-columns';
import { utcText } from './sla-format';
import { SlaSchedules } from './sla-schedules';

export const SLA_PERIODS = [
  { value: '1d', label: 'Last day' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '365d', label: 'Last year' },
  { value: '1825d', label: 'Last 5 years' },
] as const;

const selectClass = 'h-9 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg';
const inputClass = 'h-9 w-24 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg';

function useSlaQuery(): [SlaQuery, (change: Partial<SlaQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query: SlaQuery = { period: params.get('period') ?? '30d', group_by: params.get('group_by') ?? 'check', target: params.get('target') ?? '99.9' };
  const update = (change: Partial<SlaQuery>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [query, update];
}

/** The label key of a `label:<key>` grouping, or '' for check and component. */
const labelKeyOf = (groupBy: string) => (groupBy.startsWith('label:') ? groupBy.slice('label:'.length) : '');

/** `/health/sla`: uptime, latency and error budget per check, component or label over a period; CSV, PDF and mailed reports. */
export function SlaReportPage() {
  useDocumentTitle('SLA report | Pharos');
  const [query, setQuery] = useSlaQuery();
  const report = useSlaReport(query);
  const canWrite = useCan('canaries', 'write');
  const grouping = query.group_by.startsWith('label:') ? 'label' : query.group_by;
  const data = report.data;
  const breached = data?.rows.filter((row) => row.breached).length ?? 0;

  return (
    <div className="space-y-4 p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold">SLA report</h1>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {data
              ? `${utcText(data.from)} – ${utcText(data.to)} UTC · ${data.resolution === 'hour' ? 'hourly' : data.resolution === 'day' ? 'daily' : 'monthly'} buckets · ${breached} of ${data.total} below ${data.target} %`
              : 'Measuring…'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block text-[0.8125rem] font-medium">Period</span>
            <select className={selectClass} value={query.period} onChange={(event) => setQuery({ period: event.target.value })}>
              {SLA_PERIODS.map((period) => (
                <option key={period.value} value={period.value}>
                  {period.label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block text-[0.8125rem] font-medium">Group by</span>
            <select className={selectClass} value={grouping} onChange={(event) => setQuery({ group_by: event.target.value === 'label' ? 'label:team' : event.target.value })}>
              <option value="check">Check</option>
              <option value="component">Component</option>
              <option value="label">Label</option>
            </select>
          </label>
          {grouping === 'label' && (
            <label className="text-sm">
              <span className="mb-1 block text-[0.8125rem] font-medium">Label key</span>
              <input className={inputClass} value={labelKeyOf(query.group_by)} onChange={(event) => setQuery({ group_by: `label:${event.target.value}` })} />
            </label>
          )}
          <label className="text-sm">
            <span className="mb-1 block text-[0.8125rem] font-medium">Target %</span>
            <input className={inputClass} type="number" min="0" max="100" step="0.01" value={query.target} onChange={(event) => setQuery({ target: event.target.value })} />
          </label>
          <a className={`${linkClass} inline-flex h-9 items-center gap-1 text-sm`} href={slaFileUrl(query, 'csv')} download>
            <Download className="size-4" aria-hidden="true" />
            CSV
          </a>
          <a className={`${linkClass} inline-flex h-9 items-center gap-1 text-sm`} href={slaFileUrl(query, 'pdf')} download>
            <Download className="size-4" aria-hidden="true" />
            PDF
          </a>
        </div>
      </div>
      {report.isError ? (
        <ErrorPanel title="The report could not be made" error={report.error} />
      ) : (
        <DataTable
          label="SLA report"
          columns={SLA_COLUMNS}
          data={data?.rows ?? []}
          getRowId={(row) => row.key}
          isLoading={report.isPending}
          isFetching={report.isFetching && !report.isPending}
          enableSorting={false}
          emptyMessage="No check ran in this period."
        />
      )}
      <SlaSchedules query={query} canWrite={canWrite} />
    </div>
  );
}
