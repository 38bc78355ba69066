import { parseFilterStates } from '../../ui/filter-state';
import { FilterToggle } from '../../ui/filter-toggle';
import { MultiSelect } from '../../ui/multi-select';
import { Checkbox } from '../../ui/checkbox';
import { includedValues, labelId, withIncludedValues, withLabelState, type LabelKey } from './check-labels';

export interface FilterPanelProps {
  hidePassing: boolean;
  onHidePassingChange: (hide: boolean) => void;
  labelKeys: readonly LabelKey[];
  /** The `labels` parameter. */
  labels: string;
  onLabelsChange: (labels: string) => void;
}

/**
 * The left panel: Hide Passing, then a filter per label key: a boolean label as a three-state
 * toggle (include, exclude, neither), any other as a multi-select of its values with select-all.
 */
export function FilterPanel({ hidePassing, onHidePassingChange, labelKeys, labels, onLabelsChange }: FilterPanelProps) {
  const states = parseFilterStates(labels);
  const booleans = labelKeys.filter((label) => label.boolean);
  const others = labelKeys.filter((label) => !label.boolean);
  return (
    <aside aria-label="Filters" className="flex w-full shrink-0 flex-col gap-4 lg:w-60">
      <Checkbox label="Hide Passing" checked={hidePassing} onChange={(event) => onHidePassingChange(event.target.checked)} />
      {labelKeys.length > 0 && (
        <section aria-labelledby="health-labels" className="flex flex-col gap-2">
          <h2 id="health-labels" className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            Labels
          </h2>
          {booleans.map((label) => {
            const id = labelId(label.key, 'true');
            return <FilterToggle key={label.key} label={label.key} value={states[id] ?? 0} onChange={(state) => onLabelsChange(withLabelState(labels, id, state))} className="-mx-2" />;
          })}
          {others.map((label) => (
            <MultiSelect
              key={label.key}
              label={label.key}
              options={label.values.map((value) => ({ value }))}
              value={includedValues(labels, label.key)}
              onChange={(values) => onLabelsChange(withIncludedValues(labels, label.key, values))}
              className="w-full justify-between"
            />
          ))}
        </section>
      )}
    </aside>
  );
}
