import { DEBOUNCE_MS, SEVERITY_FILTER_VALUES, TAG_PARAM_SEPARATOR } from '@pharos/core';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { Checkbox } from '../../../ui/checkbox';
import { inputClass } from '../../../ui/text-input';
import { TimeRangePicker, type TimeRangeValue } from '../../../ui/time-range-picker';
import { TristateSelect } from '../../../ui/tristate-select';
import { cn } from '../../../ui/cn';
import { useChangeTypes, useConfigTypes } from './changes-api';
import { CHANGES_PARAMS, directionOf } from './changes-params';

export interface ChangesFiltersProps {
  search: URLSearchParams;
  /** Sets (or with '' removes) a parameter, back to the first page. */
  setParam: (name: string, value: string) => void;
  range: TimeRangeValue;
  setRange: (range: TimeRangeValue) => void;
  /** On a config's page: the upstream/downstream toggles; no config type filter. */
  perConfig: boolean;
}

/** A text filter kept in the URL as it is typed (once typing pauses), or at once on Enter or leaving the field. */
function TextFilter({ label, name, value, onCommit, placeholder }: { label: string; name: string; value: string; onCommit: (name: string, value: string) => void; placeholder?: string }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const settled = useDebouncedValue(draft, DEBOUNCE_MS.filterSearch);
  const commit = (text: string) => text.trim() !== value && onCommit(name, text.trim());
  const commitLatest = useEffectEvent(commit);
  useEffect(() => {
    commitLatest(settled);
  }, [settled]);
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="whitespace-nowrap text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        className={cn(inputClass, 'h-9 w-36')}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={(event) => event.key === 'Enter' && commit(draft)}
      />
    </span>
  );
}

const selectClass = 'h-9 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg';

/** Every filter of the changes lists (spec 2 section 2). */
export function ChangesFilters({ search, setParam, range, setRange, perConfig }: ChangesFiltersProps) {
  const changeTypes = useChangeTypes();
  const configTypes = useConfigTypes();
  const severityId = useId();
  const direction = directionOf(search);
  const get = (name: string) => search.get(name) ?? '';
  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Change filters">
      {!perConfig && (
        <TristateSelect
          label="Config type"
          options={(configTypes.data ?? []).map((value) => ({ value }))}
          value={get(CHANGES_PARAMS.configTypes)}
          onChange={(value) => setParam(CHANGES_PARAMS.configTypes, value)}
          isLoading={configTypes.isLoading}
        />
      )}
      <TristateSelect
        label="Change type"
        options={(changeTypes.data ?? []).map((value) => ({ value }))}
        value={get(CHANGES_PARAMS.changeType)}
        onChange={(value) => setParam(CHANGES_PARAMS.changeType, value)}
        isLoading={changeTypes.isLoading}
      />
      <span className="inline-flex items-center gap-2 text-sm">
        <label htmlFor={severityId} className="text-fg-muted">
          Severity
        </label>
        <select id={severityId} className={selectClass} value={get(CHANGES_PARAMS.severity) || 'All'} onChange={(event) => setParam(CHANGES_PARAMS.severity, event.target.value === 'All' ? '' : event.target.value)}>
          {SEVERITY_FILTER_VALUES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </span>
      <TextFilter label="Summary" name={CHANGES_PARAMS.summary} value={get(CHANGES_PARAMS.summary)} onCommit={setParam} placeholder="*text*" />
      <TextFilter label="Source" name={CHANGES_PARAMS.source} value={get(CHANGES_PARAMS.source)} onCommit={setParam} />
      <TextFilter label="Created by" name={CHANGES_PARAMS.createdBy} value={get(CHANGES_PARAMS.createdBy)} onCommit={setParam} />
      <TextFilter label="External creator" name={CHANGES_PARAMS.externalCreatedBy} value={get(CHANGES_PARAMS.externalCreatedBy)} onCommit={setParam} />
      <TextFilter label="Tag" name={CHANGES_PARAMS.tags} value={get(CHANGES_PARAMS.tags)} onCommit={setParam} placeholder={`key${TAG_PARAM_SEPARATOR}value:1`} />
      {!perConfig && <TextFilter label="Config id" name={CHANGES_PARAMS.id} value={get(CHANGES_PARAMS.id)} onCommit={setParam} />}
      <TimeRangePicker value={range} onChange={setRange} />
      {perConfig && (
        <>
          <Checkbox label="Upstream" checked={direction.upstream} onChange={(event) => setParam(CHANGES_PARAMS.upstream, String(event.target.checked))} />
          <Checkbox label="Downstream" checked={direction.downstream} onChange={(event) => setParam(CHANGES_PARAMS.downstream, String(event.target.checked))} />
        </>
      )}
    </div>
  );
}
