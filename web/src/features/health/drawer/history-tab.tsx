import {
  parseDurationFilter,
  STATUS_DURATION_FILTER_OPTIONS,
  STATUS_LIST_PAGE_SIZE,
  STATUS_LIST_PAGE_SIZE_OPTIONS,
  type CheckStatus,
  type TimeRange,
} from '@pharos/core';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { DateTime } from '../../../ui/date-time';
import { FieldMessage } from '../../../ui/field-message';
import { inputClass } from '../../../ui/text-input';
import { useStatusHistory } from './drawer-api';
import { StatusDot } from './status-dot';

const STATUS_OPTIONS: readonly { value: '' | CheckStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

function Filters({
  status,
  onStatus,
  duration,
  onDuration,
  durationError,
}: {
  status: '' | CheckStatus;
  onStatus: (value: '' | CheckStatus) => void;
  duration: string;
  onDuration: (value: string) => void;
  durationError: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-start gap-3">
      <label className="flex flex-col gap-1 text-[0.8125rem] font-medium">
        Status
        <select className={cn(inputClass, 'w-36')} value={status} onChange={(event) => onStatus(event.target.value as '' | CheckStatus)}>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-duration`} className="text-[0.8125rem] font-medium">
          Duration
        </label>
        <input
          id={`${id}-duration`}
          list={`${id}-durations`}
          className={cn(inputClass, 'w-36')}
          value={duration}
          placeholder="All"
          aria-invalid={durationError ? true : undefined}
          aria-describedby={durationError ? `${id}-duration-error` : undefined}
          onChange={(event) => onDuration(event.target.value)}
        />
        <datalist id={`${id}-durations`}>
          {STATUS_DURATION_FILTER_OPTIONS.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        {durationError && (
          <div id={`${id}-duration-error`}>
            <FieldMessage tone="error">{durationError}</FieldMessage>
          </div>
        )}
      </div>
    </div>
  );
}

/** History: the check's runs in the range, newest first, filtered by status and least duration, paged. */
export function HistoryTab({ checkId, range }: { checkId: string; range: TimeRange }) {
  const [status, setStatus] = useState<'' | CheckStatus>('');
  const [duration, setDuration] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(STATUS_LIST_PAGE_SIZE);
  // An invalid duration keeps the last valid filter, so the list does not flicker while typing.
  const [durationMs, setDurationMs] = useState<number | null>(null);
  const parsed = parseDurationFilter(duration);
  const history = useStatusHistory(checkId, { range, status: status || null, durationMs }, pageIndex, pageSize);
  const change = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPageIndex(0);
  };
  const changeDuration = (text: string) => {
    setDuration(text);
    const next = parseDurationFilter(text);
    if (next.ok) change(setDurationMs)(next.ms);
  };

  const pages = history.data ? Math.max(1, Math.ceil(history.data.totalEntries / pageSize)) : 1;
  let body;
  if (history.isPending) body = <p className="text-sm text-fg-muted">loading data...</p>;
  else if (history.error) body = <p role="alert" className="text-sm text-danger">{history.error.message}</p>;
  else if (history.data.data.length === 0) body = <p className="text-sm text-fg-muted">No data available</p>;
  else {
    body = (
      <table aria-label="History" className="w-full text-left text-sm">
        <thead className="text-xs text-fg-muted">
          <tr>
            <th className="py-1 font-medium">Time</th>
            <th className="py-1 font-medium">Duration</th>
            <th className="py-1 font-medium">Message</th>
          </tr>
        </thead>
        <tbody>
          {history.data.data.map((row) => (
            <tr key={row.time} className="border-t border-border align-top">
              <td className="whitespace-nowrap py-1 pr-3">
                <span className="flex items-center gap-2">
                  <StatusDot healthy={row.status} />
                  <DateTime value={row.time} />
                </span>
              </td>
              <td className="whitespace-nowrap py-1 pr-3">{row.duration === null ? '–' : `${row.duration} ms`}</td>
              <td className="break-words py-1">{row.error ?? row.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <Filters status={status} onStatus={change(setStatus)} duration={duration} onDuration={changeDuration} durationError={parsed.ok ? undefined : parsed.error} />
      {body}
      {history.data && history.data.totalEntries > 0 && (
        <div className="flex flex-wrap items-center justify-end gap-2 text-sm">
          <span className="mr-auto text-fg-muted">
            {history.data.totalEntries} run{history.data.totalEntries === 1 ? '' : 's'}
          </span>
          <label className="flex items-center gap-1 whitespace-nowrap">
            Page size
            <select aria-label="Page size" className={cn(inputClass, 'h-8 w-20')} value={pageSize} onChange={(event) => change(setPageSize)(Number(event.target.value))}>
              {STATUS_LIST_PAGE_SIZE_OPTIONS.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" variant="secondary" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
            Newer
          </Button>
          Page {pageIndex + 1} of {pages}
          <Button size="sm" variant="secondary" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex(pageIndex + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}
