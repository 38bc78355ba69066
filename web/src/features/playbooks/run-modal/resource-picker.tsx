import { DEBOUNCE_MS, RESOURCE_SEARCH_LIMITS, type ResourceSearchKind, type ResourceSearchResponse } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { http } from '../../../api/http';
import { cn } from '../../../ui/cn';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { playbookKeys, targetKindsOf, type PlaybookSpec, type RunTarget } from '../api';
import { controlClass } from './field-frame';

const RESOURCE_SEARCH_PATH = '/api/resources/search';

const KIND_LABELS: Readonly<Record<ResourceSearchKind, string>> = { checks: 'Checks', components: 'Components', configs: 'Configs' };
const TARGET_FIELDS = { checks: 'check_id', components: 'component_id', configs: 'config_id' } as const;

/** A picked resource as `{kind}:{id}`, the value of the picker's options. */
const optionValue = (kind: ResourceSearchKind, id: string) => `${kind}:${id}`;

export function targetOfOption(value: string): RunTarget {
  const [kind, id] = value.split(':') as [ResourceSearchKind, string | undefined];
  return id && kind in TARGET_FIELDS ? { [TARGET_FIELDS[kind]]: id } : {};
}

/** The checks, components and configs a playbook's selectors pick, narrowed by a name (`POST /api/resources/search`). */
function useResourcesOf(spec: PlaybookSpec, search: string) {
  const kinds = targetKindsOf(spec);
  const body = { ...Object.fromEntries(kinds.map((kind) => [kind, spec[kind]])), search: search || undefined, limit: RESOURCE_SEARCH_LIMITS.default };
  return useQuery({
    queryKey: [...playbookKeys.all, 'resources', body],
    queryFn: ({ signal }) => http.post<ResourceSearchResponse>(RESOURCE_SEARCH_PATH, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface ResourcePickerProps {
  spec: PlaybookSpec;
  /** `{kind}:{id}` of the chosen resource, or ''. */
  value: string;
  onChange: (value: string) => void;
}

/** Chooses the resource a playbook runs on among those its selectors pick, searchable by name. */
export function ResourcePicker({ spec, value, onChange }: ResourcePickerProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), DEBOUNCE_MS.resourceSearch);
  const resources = useResourcesOf(spec, settled);
  const id = useId();
  const kinds = targetKindsOf(spec);
  const found = kinds.reduce((count, kind) => count + (resources.data?.[kind]?.length ?? 0), 0);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-[0.8125rem] font-medium text-fg">
        Resource
        <span aria-hidden="true" className="text-danger">
          *
        </span>
      </label>
      <div className="flex gap-2">
        <div className="w-48 shrink-0">
          <input
            type="search"
            aria-label="Search resources"
            placeholder="Search by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={cn(controlClass, 'h-9')}
          />
        </div>
        <select
          id={id}
          value={value}
          aria-busy={resources.isFetching || undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cn(controlClass, 'h-9 cursor-pointer')}
        >
          <option value="">{resources.isPending ? 'Loading…' : found === 0 ? 'No resource matches' : 'Select a resource'}</option>
          {kinds.map((kind) => {
            const items = resources.data?.[kind] ?? [];
            if (items.length === 0) return null;
            return (
              <optgroup key={kind} label={KIND_LABELS[kind]}>
                {items.map((item) => (
                  <option key={item.id} value={optionValue(kind, item.id)}>
                    {item.name ?? item.id}
                    {item.type ? ` (${item.type})` : ''}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </div>
      {resources.isError && <p className="text-[0.8125rem] text-danger">{resources.error.message}</p>}
    </div>
  );
}
