import { LOCAL_AGENT_ID, type TopologyResponse } from '@pharos/core';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { AutoRefreshPicker } from '../../ui/auto-refresh-picker';
import { Checkbox } from '../../ui/checkbox';
import { MultiSelect } from '../../ui/multi-select';
import { CardSizeControl } from './card-size-control';
import { SelectField, type SelectOption } from './select-field';
import { useAgents } from './topology-api';
import type { SortOrder, TopologyFilters, TopologyParamChanges } from './topology-params';
import { TOPOLOGY_STORAGE_KEYS } from './topology-preferences';
import type { SortOption } from './topology-sort';

const ALL: SelectOption = { value: '', label: 'All' };

const optionsOf = (values: readonly string[] | undefined): SelectOption[] => [ALL, ...[...new Set(values ?? [])].sort().map((value) => ({ value, label: value }))];

/** Keeps a chosen value among the options even when the answer no longer lists it. */
function withChosen(options: SelectOption[], chosen: string): SelectOption[] {
  return chosen && !options.some((option) => option.value === chosen) ? [...options, { value: chosen, label: chosen }] : options;
}

/** `{key: [values]}` as `key=value` options, with the chosen ones the answer no longer lists. */
function labelOptions(tags: TopologyResponse['tags'] | undefined, chosen: readonly string[]) {
  const pairs = Object.entries(tags ?? {}).flatMap(([key, values]) => values.map((value) => `${key}=${value}`));
  return [...new Set([...pairs, ...chosen])].sort().map((value) => ({ value }));
}

export interface TopologyToolbarProps {
  filters: TopologyFilters;
  response: TopologyResponse | undefined;
  sortBy: string;
  sortOrder: SortOrder;
  sortOptions: readonly SortOption[];
  onSortChange: (sortBy: string, sortOrder: SortOrder) => void;
  cardWidth: number;
  onCardWidthChange: (width: number) => void;
  onChange: (changes: TopologyParamChanges) => void;
}

/** Filters (type, team, labels, status, agent, hidden), sort, card size and auto refresh. */
export function TopologyToolbar({ filters, response, sortBy, sortOrder, sortOptions, onSortChange, cardWidth, onCardWidthChange, onChange }: TopologyToolbarProps) {
  const agents = useAgents();
  const agentOptions: SelectOption[] = [ALL, ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.id === LOCAL_AGENT_ID ? 'local' : agent.name }))];
  const labels = filters.labels ? filters.labels.split(',').filter(Boolean) : [];
  const sortChoices = withChosen([...sortOptions], sortBy);
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SelectField label="Type" value={filters.type} options={withChosen(optionsOf(response?.types), filters.type)} onChange={(type) => onChange({ type })} />
        <SelectField label="Team" value={filters.team} options={withChosen(optionsOf(response?.teams), filters.team)} onChange={(team) => onChange({ team })} />
        <SelectField label="Status" value={filters.status} options={withChosen(optionsOf(response?.healthStatuses), filters.status)} onChange={(status) => onChange({ status })} />
        <SelectField label="Agent" value={filters.agentId} options={withChosen(agentOptions, filters.agentId)} onChange={(agentId) => onChange({ agent_id: agentId })} />
        <MultiSelect label="Labels" options={labelOptions(response?.tags, labels)} value={labels} onChange={(chosen) => onChange({ labels: chosen.join(',') })} selectAll={false} />
        <Checkbox
          label="Show hidden components"
          checked={filters.showHidden}
          onChange={(event) => onChange({ showHiddenComponents: event.target.checked ? 'yes' : 'no' })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="inline-flex items-center gap-1">
          <SelectField label="Sort By" value={sortBy} options={sortChoices} onChange={(next) => onSortChange(next, sortOrder)} />
          <button
            type="button"
            onClick={() => onSortChange(sortBy, sortOrder === 'asc' ? 'desc' : 'asc')}
            aria-label={sortOrder === 'asc' ? 'Ascending order' : 'Descending order'}
            title={sortOrder === 'asc' ? 'Ascending' : 'Descending'}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-md border border-border-strong text-fg-muted hover:text-fg"
          >
            {sortOrder === 'asc' ? <ArrowUpNarrowWide aria-hidden="true" className="size-4" /> : <ArrowDownWideNarrow aria-hidden="true" className="size-4" />}
          </button>
        </span>
        <CardSizeControl width={cardWidth} onChange={onCardWidthChange} />
        <AutoRefreshPicker storageKey={TOPOLOGY_STORAGE_KEYS.refreshRate} className="ml-auto" />
      </div>
    </div>
  );
}
