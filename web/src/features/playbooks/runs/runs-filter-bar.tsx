import { PLAYBOOK_RUN_STATUSES } from '@pharos/core';
import { useSearchParams } from 'react-router';
import { cn } from '../../../ui/cn';
import { inputClass } from '../../../ui/text-input';
import { TimeRangePicker } from '../../../ui/time-range-picker';
import { useTimeRangeParam } from '../../../ui/time-range-url';
import { usePlaybookNames } from '../api';
import { RUN_FILTER_PARAMS, RUN_FILTER_RESET, type RunFilters } from './run-filters';

const selectClass = cn(inputClass, 'h-9 w-auto cursor-pointer text-fg');

/** Playbook, status and time range of the runs list, all kept in the URL. */
export function RunsFilterBar({ filters }: { filters: RunFilters }) {
  const [, setSearch] = useSearchParams();
  const [, setTimeRange] = useTimeRangeParam(filters.timeRange, RUN_FILTER_RESET);
  const names = usePlaybookNames();

  const set = (param: string, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(param, value);
      else next.delete(param);
      for (const name of RUN_FILTER_RESET) next.delete(name);
      return next;
    });

  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
        Playbook
        <select value={filters.playbook} onChange={(event) => set(RUN_FILTER_PARAMS.playbook, event.target.value)} className={selectClass}>
          <option value="">All</option>
          {(names.data ?? []).map((playbook) => (
            <option key={playbook.id} value={playbook.id}>
              {playbook.title}
            </option>
          ))}
          {filters.playbook && names.data && !names.data.some((p) => p.id === filters.playbook) && <option value={filters.playbook}>{filters.playbook}</option>}
        </select>
      </label>
      <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
        Status
        <select value={filters.status} onChange={(event) => set(RUN_FILTER_PARAMS.status, event.target.value)} className={cn(selectClass, 'capitalize')}>
          <option value="">All</option>
          {PLAYBOOK_RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <TimeRangePicker value={filters.timeRange} onChange={setTimeRange} className="ml-auto" />
    </div>
  );
}
