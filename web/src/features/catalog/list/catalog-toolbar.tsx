import { LABEL_PARAM_SEPARATOR, TAG_PARAM_SEPARATOR } from '@pharos/core';
import { Star } from 'lucide-react';
import { Checkbox } from '../../../ui/checkbox';
import { MultiSelect } from '../../../ui/multi-select';
import { SearchBox } from '../../../ui/search-box';
import { TristateSelect } from '../../../ui/tristate-select';
import { useCatalogFilterOptions } from './catalog-list-api';
import { groupByLabel, groupByOptions, serializeKeyValueFilters, type CatalogParams, type KeyValueFilter } from './catalog-params';
import type { CatalogParamChanges } from './use-catalog-params';

const HEALTH_OPTIONS = ['healthy', 'unhealthy', 'warning', 'unknown'].map((value) => ({ value }));

/**
 * A key/value filter through the three-state select, whose `a:1,b:-1` form cannot carry commas:
 * each option is named by its position.
 */
function KeyValueSelect({
  label,
  pairs,
  filters,
  onChange,
}: {
  label: string;
  pairs: ReadonlyArray<{ key: string; value: string }>;
  filters: readonly KeyValueFilter[];
  onChange: (filters: KeyValueFilter[]) => void;
}) {
  const options = pairs.map((p, i) => ({ value: `o${i}`, label: `${p.key}: ${p.value}` }));
  const value = filters
    .map((f) => {
      const i = pairs.findIndex((p) => p.key === f.key && p.value === f.value);
      return i === -1 ? null : `o${i}:${f.state}`;
    })
    .filter((v): v is string => v !== null)
    .join(',');
  const change = (text: string) => {
    const kept = filters.filter((f) => !pairs.some((p) => p.key === f.key && p.value === f.value));
    const chosen = text
      .split(',')
      .filter(Boolean)
      .map((item) => {
        const [id, state] = item.split(':');
        const pair = pairs[Number(id!.slice(1))]!;
        return { key: pair.key, value: pair.value, state: state === '-1' ? -1 : 1 } as KeyValueFilter;
      });
    onChange([...kept, ...chosen]);
  };
  return <TristateSelect label={label} options={options} value={value} onChange={change} />;
}

export function CatalogToolbar({
  params,
  setParams,
  hideDeleted,
  setHideDeleted,
  pinned,
  togglePinned,
}: {
  params: CatalogParams;
  setParams: (changes: CatalogParamChanges) => void;
  hideDeleted: boolean;
  setHideDeleted: (value: boolean) => void;
  pinned: readonly string[];
  togglePinned: (type: string) => void;
}) {
  const options = useCatalogFilterOptions();
  const types = options.types.data ?? [];
  const tagKeys = (options.tags.data ?? []).map((t) => t.key);
  const groupChoices = groupByOptions(params.configType, tagKeys).map((value) => ({ value, label: groupByLabel(value) }));
  const isPinned = params.configType !== '' && pinned.includes(params.configType);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox label="Search catalog" placeholder="Search by name, type, description or namespace" urlParam="search" className="w-72" />
      <label className="inline-flex items-center gap-1 text-sm">
        <span className="text-fg-muted">Type</span>
        <select
          aria-label="Config type"
          value={params.configType}
          onChange={(event) => setParams({ configType: event.target.value || null })}
          className="h-8 rounded-md border border-border bg-surface px-2 text-sm"
        >
          <option value="">All</option>
          {params.configType && !types.some((t) => t.type === params.configType) && <option value={params.configType}>{params.configType}</option>}
          {[...types]
            .sort((a, b) => Number(pinned.includes(b.type)) - Number(pinned.includes(a.type)) || a.type.localeCompare(b.type))
            .map((t) => (
              <option key={t.type} value={t.type}>
                {pinned.includes(t.type) ? '★ ' : ''}
                {t.type} ({t.count})
              </option>
            ))}
        </select>
      </label>
      {params.configType && (
        <button
          type="button"
          aria-pressed={isPinned}
          aria-label={isPinned ? `Unpin ${params.configType}` : `Pin ${params.configType}`}
          onClick={() => togglePinned(params.configType)}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md border border-border hover:bg-surface-muted"
        >
          <Star className={isPinned ? 'size-4 fill-yellow-400 text-yellow-500' : 'size-4 text-fg-muted'} aria-hidden="true" />
        </button>
      )}
      <TristateSelect label="Health" options={HEALTH_OPTIONS} value={params.health} onChange={(health) => setParams({ health })} />
      <TristateSelect
        label="Status"
        options={(options.statuses.data ?? []).map((s) => ({ value: s.status }))}
        value={params.status}
        onChange={(status) => setParams({ status })}
        isLoading={options.statuses.isLoading}
      />
      <KeyValueSelect
        label="Labels"
        pairs={options.labels.data ?? []}
        filters={params.labels}
        onChange={(labels) => setParams({ labels: serializeKeyValueFilters(labels, LABEL_PARAM_SEPARATOR) })}
      />
      <KeyValueSelect
        label="Tags"
        pairs={options.tags.data ?? []}
        filters={params.tags}
        onChange={(tags) => setParams({ tags: serializeKeyValueFilters(tags, TAG_PARAM_SEPARATOR) })}
      />
      <MultiSelect
        label="Group By"
        options={groupChoices}
        value={params.groupBy.filter((g) => groupChoices.some((c) => c.value === g))}
        onChange={(groupBy) => setParams({ groupBy: groupBy.join(',') })}
        selectAll={false}
      />
      <Checkbox label="Hide Deleted Catalog" checked={hideDeleted} onChange={(event) => setHideDeleted(event.target.checked)} />
    </div>
  );
}
