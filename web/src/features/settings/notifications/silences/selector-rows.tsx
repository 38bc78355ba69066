import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../../ui/button';
import { TextInput } from '../../../../ui/text-input';
import { SelectField } from '../../../../ui/resource-settings/select-field';
import { EMPTY_SELECTOR, type SelectorValues } from './silence-values';
import { SELECTOR_TYPES, type SelectorType } from './types';

const TYPE_OPTIONS = SELECTOR_TYPES.map((value) => ({ value, label: value }));

interface SelectorRowsProps {
  value: SelectorValues[];
  onChange: (value: SelectorValues[]) => void;
}

/** The resources a silence covers: rows of type, id, name glob and label selector. */
export function SelectorRows({ value, onChange }: SelectorRowsProps) {
  const set = (index: number, patch: Partial<SelectorValues>) => onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Selectors</legend>
      {value.map((row, index) => (
        <div key={index} role="group" aria-label={`Selector ${index + 1}`} className="grid grid-cols-[8rem_1fr_1fr_1fr_auto] items-end gap-2">
          <SelectField
            label="Type"
            placeholder="Any"
            options={TYPE_OPTIONS}
            value={row.type}
            onChange={(event) => set(index, { type: event.target.value as SelectorType | '' })}
          />
          <TextInput label="Name (glob)" placeholder="api-*" value={row.name} onChange={(event) => set(index, { name: event.target.value })} />
          <TextInput label="Labels" placeholder="env=prod" value={row.labels} onChange={(event) => set(index, { labels: event.target.value })} />
          <TextInput label="ID" value={row.id} onChange={(event) => set(index, { id: event.target.value })} />
          <Button variant="ghost" size="sm" aria-label={`Remove selector ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" className="w-fit" onClick={() => onChange([...value, EMPTY_SELECTOR])}>
        <Plus className="size-4" aria-hidden="true" />
        Add selector
      </Button>
    </fieldset>
  );
}
