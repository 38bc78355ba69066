import type { HealthLayout } from '@pharos/core';
import { LayoutGrid, Table2 } from 'lucide-react';
import { cn } from '../../ui/cn';
import { SearchBox } from '../../ui/search-box';
import { GROUP_BY_FIELDS } from './check-groups';
import type { LabelKey } from './check-labels';
import { PIVOT_BY_OPTIONS, PIVOT_CELL_TYPES } from './check-pivot';
import { TAB_BY_AGENT, TAB_BY_NAMESPACE } from './check-tabs';
import type { HealthParamChanges, HealthParams } from './health-params';
import { InlineSelect } from '../../ui/inline-select';

const NO_PIVOT = '';

const LAYOUTS: readonly { value: HealthLayout; label: string; Icon: typeof Table2 }[] = [
  { value: 'table', label: 'Table', Icon: Table2 },
  { value: 'card', label: 'Card', Icon: LayoutGrid },
];

function LayoutSwitch({ value, onChange }: { value: HealthLayout; onChange: (layout: HealthLayout) => void }) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex rounded-md border border-border-strong">
      {LAYOUTS.map(({ value: layout, label, Icon }) => (
        <button
          key={layout}
          type="button"
          aria-pressed={value === layout}
          title={label}
          onClick={() => onChange(layout)}
          className={cn('inline-flex h-9 cursor-pointer items-center gap-1.5 px-3 text-sm text-fg-muted first:rounded-l-md last:rounded-r-md hover:text-fg', value === layout && 'bg-surface-muted font-medium text-fg')}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}

/** Search, Group By, Tab By, the layout and, for the table, the pivot. */
export function HealthToolbar({ params, labelKeys, onChange }: { params: HealthParams; labelKeys: readonly LabelKey[]; onChange: (changes: HealthParamChanges) => void }) {
  const labelOptions = labelKeys.map((label) => ({ value: label.key, label: label.key }));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox label="Search checks" placeholder="Search by name, description, or endpoint" urlParam="query" resetParams={['pageIndex']} className="w-96 max-w-full" />
      <InlineSelect label="Group By" value={params.groupBy} options={[...GROUP_BY_FIELDS, ...labelOptions]} onChange={(groupBy) => onChange({ groupBy })} />
      <InlineSelect
        label="Tab By"
        value={params.tabBy}
        options={[{ value: TAB_BY_NAMESPACE, label: 'Namespace' }, { value: TAB_BY_AGENT, label: 'Agent' }, ...labelOptions]}
        onChange={(tabBy) => onChange({ tabBy, tab: null })}
      />
      <LayoutSwitch value={params.layout} onChange={(layout) => onChange({ layout })} />
      {params.layout === 'table' && (
        <>
          <InlineSelect
            label="Pivot By"
            value={params.pivotBy ?? NO_PIVOT}
            options={[{ value: NO_PIVOT, label: 'None' }, ...PIVOT_BY_OPTIONS]}
            onChange={(pivotBy) =>
              onChange(
                pivotBy === NO_PIVOT
                  ? { pivotBy: null, pivotLabel: null, pivotCellType: null }
                  : { pivotBy, pivotLabel: pivotBy === 'labels' ? (params.pivotLabel ?? labelKeys[0]?.key ?? null) : null, pivotCellType: params.pivotCellType },
              )
            }
          />
          {params.pivotBy === 'labels' && <InlineSelect label="Pivot Label" value={params.pivotLabel ?? ''} options={[{ value: '', label: '—' }, ...labelOptions]} onChange={(pivotLabel) => onChange({ pivotLabel: pivotLabel || null })} />}
          {params.pivotBy !== null && <InlineSelect label="Pivot Cell" value={params.pivotCellType} options={PIVOT_CELL_TYPES} onChange={(pivotCellType) => onChange({ pivotCellType })} />}
        </>
      )}
    </div>
  );
}
