import { DEFAULT_TIME_RANGE, formatTimestamp, MAPPED_TIME_RANGES, RELATIVE_TIME_RANGES, type TimeRangeValue } from '@pharos/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameters of /logs (spec 2 §2). */
export const LOGS_PARAMS = { topologyId: 'topologyId', logsSelector: 'logsSelector', query: 'query', start: 'start' } as const;

const INTERVAL_SEPARATOR = '/';

/**
 * `start` names the time range in one parameter: a relative range as its duration (`15m`, `2d`), a
 * mapped one by its name (`Yesterday`), an absolute one as an ISO 8601 interval (`{from}/{to}`).
 */
export function startParamOf(range: TimeRangeValue): string {
  if (range.type === 'relative') return range.range;
  if (range.type === 'mapped') return range.display;
  return `${range.from}${INTERVAL_SEPARATOR}${range.to}`;
}

/** The range `start` names; the default range (last 2 days) when absent or not understood. */
export function rangeOfStartParam(start: string | null): TimeRangeValue {
  if (!start) return DEFAULT_TIME_RANGE;
  const relative = RELATIVE_TIME_RANGES.find((range) => range.range === start);
  if (relative) return relative;
  const mapped = MAPPED_TIME_RANGES.find((range) => range.display === start);
  if (mapped) return mapped;
  const [from, to, ...rest] = start.split(INTERVAL_SEPARATOR);
  if (from && to && rest.length === 0 && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to))) {
    return { type: 'absolute', display: `${formatTimestamp(from)} to ${formatTimestamp(to)}`, from, to };
  }
  if (/^\d+(mo|m|h|d|w|y)$/.test(start)) return { type: 'relative', display: `Last ${start}`, range: start };
  return DEFAULT_TIME_RANGE;
}

export interface LogsParams {
  topologyId: string | null;
  logsSelector: string | null;
  query: string;
  range: TimeRangeValue;
}

export interface LogsParamsChange {
  topologyId?: string | null;
  logsSelector?: string | null;
  range?: TimeRangeValue;
}

/** The page's state in the URL; choosing another component clears the selector. */
export function useLogsParams(): [LogsParams, (change: LogsParamsChange) => void] {
  const [search, setSearch] = useSearchParams();
  const params: LogsParams = {
    topologyId: search.get(LOGS_PARAMS.topologyId) || null,
    logsSelector: search.get(LOGS_PARAMS.logsSelector) || null,
    query: search.get(LOGS_PARAMS.query) ?? '',
    range: rangeOfStartParam(search.get(LOGS_PARAMS.start)),
  };
  const change = useCallback(
    (next: LogsParamsChange) =>
      setSearch((previous) => {
        const updated = new URLSearchParams(previous);
        const put = (name: string, value: string | null) => (value ? updated.set(name, value) : updated.delete(name));
        if (next.topologyId !== undefined) {
          put(LOGS_PARAMS.topologyId, next.topologyId);
          updated.delete(LOGS_PARAMS.logsSelector);
        }
        if (next.logsSelector !== undefined) put(LOGS_PARAMS.logsSelector, next.logsSelector);
        if (next.range !== undefined) put(LOGS_PARAMS.start, startParamOf(next.range));
        return updated;
      }),
    [setSearch],
  );
  return [params, change];
}
