import { RESPONDER_TYPE_SCROLL_AFTER } from '@pharos/core';
import { cn } from '../../../ui/cn';
import { CLIENT_LABELS, NO_CLIENTS, type TeamClientType } from './client-fields';

/** Responder Type: one of the team's configured clients; the list scrolls past six entries. */
export function ResponderTypeStep({ types, value, onChange }: { types: readonly TeamClientType[]; value: TeamClientType | null; onChange: (type: TeamClientType) => void }) {
  if (types.length === 0) return <p className="text-sm text-fg-muted">{NO_CLIENTS}</p>;
  const scrolls = types.length > RESPONDER_TYPE_SCROLL_AFTER;
  return (
    <fieldset>
      <legend className="mb-2 text-[0.8125rem] font-medium">Responder Type</legend>
      <ul data-scrolls={scrolls || undefined} className={cn('flex flex-col gap-1', scrolls && 'max-h-64 overflow-y-auto pr-1')}>
        {types.map((type) => (
          <li key={type}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent/30">
              <input type="radio" name="responder-type" value={type} checked={value === type} onChange={() => onChange(type)} />
              {CLIENT_LABELS[type]}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
