import { JOB_DURATION_FILTER_OPTIONS, JOB_RESOURCE_TYPE_LABELS, JOB_RESOURCE_TYPES, JOB_STATUS_FILTER_OPTIONS } from '@pharos/core';
import { useSearchParams } from 'react-router';
import { cn } from '../../../ui/cn';
import { inputClass } from '../../../ui/text-input';
import { TimeRangePicker } from '../../../ui/time-range-picker';
import { useTimeRangeParam } from '../../../ui/time-range-url';
import { parseFilterStates } from '../../../ui/filter-state';
import { TristateSelect, type TristateOption } from '../../../ui/tristate-select';
import { useJobHistoryNames } from './list-api';
import { JOB_FILTER_PARAMS, JOB_FILTER_RESET, type JobHistoryFilters } from './filters';

const KNOWN_TYPES: ReadonlySet<string> = new Set(JOB_RESOURCE_TYPES);

/**
 * The resource types to filter by: every kind of job Pharos runs, whether or not it ran lately, then
 * any other type found in the rows shown or chosen in the URL (e.g. an agent's jobs), by name.
 */
export function resourceTypeOptions(seen: readonly (string | null | undefined)[], chosen: string): TristateOption[] {
  const known: TristateOption[] = JOB_RESOURCE_TYPES.map((value) => ({ value, label: JOB_RESOURCE_TYPE_LABELS[value] }));
  const others = [...new Set([...seen, ...Object.keys(parseFilterStates(chosen))])]
    .filter((value): value is string => typeof value === 'string' && value !== '' && !KNOWN_TYPES.has(value))
    .sort()
    .map((value) => ({ value }));
  return [...known, ...others];
}

const STATUS_OPTIONS: TristateOption[] = JOB_STATUS_FILTER_OPTIONS.map((value) => ({ value }));

/**
 * The filter bar of the jobs screen: job name, resource type, status, run duration and time range,
 * all in the URL. Status and resource type offer fixed lists, not only what the rows hold.
 */
export function JobHistoryFilterBar({ filters, seenResourceTypes = [] }: { filters: JobHistoryFilters; seenResourceTypes?: readonly (string | null)[] }) {
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
        options={resourceTypeOptions(seenResourceTypes, filters.resourceType)}
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
