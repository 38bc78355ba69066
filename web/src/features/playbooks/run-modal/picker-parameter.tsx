import type { PlaybookParameterType } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { cn } from '../../../ui/cn';
import { playbookKeys } from '../api';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, type ParameterFieldProps } from './field-props';
import { propertiesOf } from './parameter-rules';

type PickerType = Extract<PlaybookParameterType, 'team' | 'people' | 'component' | 'config' | 'check'>;

interface PickerSource {
  relation: string;
  columns: string;
  /** The relation leaves out deleted rows itself. */
  live?: boolean;
  noun: string;
}

/** The data service relation each picker lists (live rows, by name). */
const SOURCES: Readonly<Record<PickerType, PickerSource>> = {
  team: { relation: 'teams', columns: 'id,name', noun: 'team' },
  people: { relation: 'people', columns: 'id,name,email', noun: 'person' },
  component: { relation: 'component_names', columns: 'id,name,type', live: true, noun: 'component' },
  config: { relation: 'config_names', columns: 'id,name,type', noun: 'config' },
  check: { relation: 'checks', columns: 'id,name,type', noun: 'check' },
};

/** The most rows one picker lists. */
export const PICKER_LIMIT = 500;

interface PickerRow {
  id: string;
  name: string | null;
  type?: string | null;
  email?: string | null;
}

/** Types a `filter` property narrows a component, config or check picker to: `[{type: …}]`, `{types: […]}` or a type. */
export function filterTypes(filter: unknown): string[] {
  const entries = Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter];
  return entries.flatMap((entry): string[] => {
    if (typeof entry === 'string') return [entry];
    if (typeof entry !== 'object' || entry === null) return [];
    const record = entry as Record<string, unknown>;
    const types = Array.isArray(record['types']) ? record['types'] : [record['type']];
    return types.filter((type): type is string => typeof type === 'string' && type !== '');
  });
}

function usePickerRows(type: PickerType, types: readonly string[]) {
  const source = SOURCES[type];
  return useQuery({
    queryKey: [...playbookKeys.all, 'picker', type, types],
    queryFn: async ({ signal }): Promise<PickerRow[]> => {
      let query = db.from(source.relation).select(source.columns);
      if (!source.live) query = query.is('deleted_at', null);
      if (types.length > 0) query = query.in('type', [...types]);
      const { data } = await query.order('name').limit(PICKER_LIMIT).abortSignal(signal).throwOnError();
      return (data ?? []) as unknown as PickerRow[];
    },
  });
}

const optionLabel = (row: PickerRow) => {
  const name = row.name ?? row.id;
  if (row.email) return `${name} (${row.email})`;
  return row.type ? `${name} (${row.type})` : name;
};

/** A team, person, component, config or check, chosen from the data service by name; the value is its id. */
export function PickerParameter({ parameter, value, onChange, onBlur, error, type }: ParameterFieldProps & { type: PickerType }) {
  const types = type === 'team' || type === 'people' ? [] : filterTypes(propertiesOf(parameter).filter);
  const rows = usePickerRows(type, types);
  const noun = SOURCES[type].noun;
  const selected = String(value);
  const known = rows.data?.some((row) => row.id === selected) ?? false;
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={selected}
          required={parameter.required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-busy={rows.isPending || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={cn(controlClass, 'h-9 cursor-pointer')}
        >
          <option value="">{rows.isPending ? 'Loading…' : `Select a ${noun}`}</option>
          {/* A default naming a row not listed (filtered out or beyond the limit) stays choosable. */}
          {selected !== '' && !known && <option value={selected}>{selected}</option>}
          {(rows.data ?? []).map((row) => (
            <option key={row.id} value={row.id}>
              {optionLabel(row)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
