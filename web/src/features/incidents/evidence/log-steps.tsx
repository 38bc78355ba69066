import { DEBOUNCE_MS } from '@pharos/core';
import { useId } from 'react';
import { AnsiText } from '../../../ui/ansi-text';
import { Checkbox } from '../../../ui/checkbox';
import { cn } from '../../../ui/cn';
import { DateTime } from '../../../ui/date-time';
import { ErrorPanel } from '../../../ui/error-panel';
import { SearchBox } from '../../../ui/search-box';
import { Skeleton } from '../../../ui/skeleton';
import { inputClass } from '../../../ui/text-input';
import { LOG_RANGES, useLogLines, useLogSources, type LogQuery, type LogSource } from './log-source';

const selectClass = cn(inputClass, 'h-9 cursor-pointer text-fg');

const sourceKey = (source: LogSource | null) => (source === null ? '' : source.kind === 'component' ? `component:${source.id}` : `backend:${source.name}`);

/** Search step of log evidence: a component with logs or a log backend, the text and the time range. */
export function LogSearchStep({ value, onChange }: { value: LogQuery; onChange: (query: LogQuery) => void }) {
  const sources = useLogSources(true);
  const sourceId = useId();
  const rangeId = useId();
  if (sources.isPending) return <Skeleton className="h-24 w-full" />;
  if (sources.isError) return <ErrorPanel error={sources.error} />;
  const { components, backends } = sources.data;
  const choose = (key: string) => {
    const [kind, rest = ''] = key.split(/:(.*)/s);
    const component = components.find((c) => c.id === rest);
    const source: LogSource | null = kind === 'component' && component ? { kind, id: component.id, name: component.name } : kind === 'backend' ? { kind, name: rest } : null;
    onChange({ ...value, source });
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={sourceId} className="text-fg-muted">
          Logs of
        </label>
        <select id={sourceId} value={sourceKey(value.source)} onChange={(event) => choose(event.target.value)} className={selectClass}>
          <option value="">Select a component or log backend</option>
          {components.length > 0 && (
            <optgroup label="Components">
              {components.map((c) => (
                <option key={c.id} value={`component:${c.id}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          )}
          {backends.length > 0 && (
            <optgroup label="Log backends">
              {backends.map((b) => (
                <option key={b.name} value={`backend:${b.name}`}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <label htmlFor={rangeId} className="text-fg-muted">
          Since
        </label>
        <select id={rangeId} value={value.start} onChange={(event) => onChange({ ...value, start: event.target.value })} className={selectClass}>
          {LOG_RANGES.map((range) => (
            <option key={range} value={range}>
              {range}
            </option>
          ))}
        </select>
      </div>
      <SearchBox label="Search logs" placeholder="Search logs" value={value.query} onChange={(query) => onChange({ ...value, query })} delay={DEBOUNCE_MS.logsQuery} />
      {components.length === 0 && backends.length === 0 && <p className="text-sm text-fg-muted">There are no components with logs or log backends</p>}
    </div>
  );
}

/** Select step of log evidence: the lines found, to pick from. */
export function LogSelectStep({
  query,
  selected,
  onToggle,
  includeMessages,
  onIncludeMessages,
}: {
  query: LogQuery;
  selected: ReadonlySet<number>;
  onToggle: (index: number, on: boolean) => void;
  includeMessages: boolean;
  onIncludeMessages: (on: boolean) => void;
}) {
  const lines = useLogLines(query);
  if (lines.isPending) return <Skeleton className="h-24 w-full" />;
  if (lines.isError) return <ErrorPanel error={lines.error} title="The logs could not be searched" />;
  if (lines.data.length === 0) return <p className="text-sm text-fg-muted">There are no logs matching the search query</p>;
  return (
    <div className="flex flex-col gap-2">
      <Checkbox label="Include messages" checked={includeMessages} onChange={(event) => onIncludeMessages(event.target.checked)} />
      <fieldset className="max-h-72 overflow-auto rounded-md border border-border">
        <legend className="sr-only">Log lines</legend>
        <ul className="flex flex-col font-mono text-xs">
          {lines.data.map((line, index) => (
            <li key={`${line.timestamp}-${index}`} className="px-2 py-0.5 hover:bg-surface-muted">
              <Checkbox
                label={
                  <>
                    <DateTime value={line.timestamp} format="logTimestamp" className="text-fg-muted" /> <AnsiText text={line.message ?? ''} />
                  </>
                }
                checked={selected.has(index)}
                onChange={(event) => onToggle(index, event.target.checked)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
