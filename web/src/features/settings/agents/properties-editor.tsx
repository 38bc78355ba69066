import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button';
import { TextInput } from '../../../ui/text-input';

export interface PropertyEntry {
  key: string;
  value: string;
}

export function entriesOf(properties: Record<string, string> | null | undefined): PropertyEntry[] {
  return Object.entries(properties ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/** The entries as a map; rows without a key are dropped, a later key wins. */
export function propertiesOf(entries: readonly PropertyEntry[]): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const { key, value } of entries) if (key.trim() !== '') properties[key.trim()] = value;
  return properties;
}

/** Key/value rows for an agent's properties. */
export function PropertiesEditor({ entries, onChange }: { entries: readonly PropertyEntry[]; onChange: (entries: PropertyEntry[]) => void }) {
  const update = (index: number, change: Partial<PropertyEntry>) => onChange(entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Properties</legend>
      {entries.map((entry, index) => (
        <div key={index} className="flex items-end gap-2">
          <TextInput label="Key" className="flex-1" value={entry.key} onChange={(event) => update(index, { key: event.target.value })} />
          <TextInput label="Value" className="flex-1" value={entry.value} onChange={(event) => update(index, { value: event.target.value })} />
          <Button variant="ghost" size="sm" aria-label={`Remove property ${entry.key || index + 1}`} onClick={() => onChange(entries.filter((_, i) => i !== index))}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" className="self-start" onClick={() => onChange([...entries, { key: '', value: '' }])}>
        <Plus className="size-4" aria-hidden="true" />
        Add property
      </Button>
    </fieldset>
  );
}
