import { JOB_DURATION_FILTER_OPTIONS, JOB_RESOURCE_TYPE_FILTERS, JOB_STATUS_FILTER_OPTIONS } from '@pharos/core';
import { useSearchParams } from 'react-router';
import { cn } from '../../../ui/cn';
import { inputClass } from '../../../ui/text-input';
import { TimeRangePicker } from '../../../ui/time-range-picker';
import { useTimeRangeParam } from '../../../ui/time-range-url';
import { TristateSelect, type TristateOption } from '../../../ui/tristate-select';
import { useJobHistoryNames } from './list-api';
import { JOB_FILTER_PARAMS, JOB_FILTER_RESET, type JobHistoryFilters } from './filters';

const RESOURCE_TYPE_LABELS: Readonly<Record<(typeof JOB_RESOURCE_TYPE_FILTERS)[number], string>> = {
  canary: 'Canary',
  topology: 'Topology',
  config_scraper: 'Catalog Scraper',
};

const RESOURCE_TYPE_OPTIONS: TristateOption[] = JOB_RESOURCE_TYPE_FILTERS.map((value) => ({ value, label: RESOURCE_TYPE_LABELS[value] }));
const STATUS_OPTIONS: TristateOption[] = JOB_STATUS_FILTER_OPTIONS.map((value) => ({ value }));

/** The filter bar of the jobs screen: job name, resource type, status, run duration and time range, all in the URL. */
export function JobHistoryFilterBar({ filters }: { filters: JobHistoryFilters }) {
  const [, setSearch] = useSearchParams();
  const [, setTimeRange] = useTimeRangeParam(filters.timeRange, JOB_FILTER_RESET);
  const names = useJobHistoryNames();
  const nameOptions: TristateOption[] = (names.data ?? []).map((value) => ({ value }));

  /** Sets one filter; `keepEmpty` writes an empty value rather than removing it (status: every status). */
  const set = (param: string, value: string, keepEmpty = false) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value || keepEmpty) next.set(param, value);
      else next.delete(param);
      for (const name of JOB_FILTER_RESET) next.delete(name);
      return next;
    });

  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <TristateSelect
        label="Job Name"
        options={nameOptions}
        isLoading={names.isPending}
        value={filters.name}
        onChange={(value) => set(JOB_FILTER_PARAMS.name, value)}
      />
      <TristateSelect
        label="Resource Type"
        options={RESOURCE_TYPE_OPTIONS}
        value={filters.resourceType}
        onChange={(value) => set(JOB_FILTER_PARAMS.resourceType, value)}
      />
      <TristateSelect
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => set(JOB_FILTER_PARAMS.status, value, true)}
      />
      <label className="inline-flex h-9 items-center gap-2 text-sm text-fg-muted">
        Duration:
        <select
          aria-label="Run duration"
          value={filters.runDuration}
          onChange={(event) => set(JOB_FILTER_PARAMS.runDuration, event.target.value === 'none' ? '' : event.target.value)}
          className={cn(inputClass, 'h-9 w-auto cursor-pointer text-fg')}
        >
          {JOB_DURATION_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <TimeRangePicker value={filters.timeRange} onChange={setTimeRange} className="ml-auto" />
    </div>
  );
}
