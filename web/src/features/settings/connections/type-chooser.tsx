import { CONNECTION_FORMS } from '@pharos/core';
import { useState } from 'react';
import { SearchBox } from '../../../ui/search-box';
import { ConnectionIcon } from './connection-icon';

/** The first step of a new connection: every type with its icon, filtered by what is typed. */
export function TypeChooser({ onChoose }: { onChoose: (type: string) => void }) {
  const [query, setQuery] = useState('');
  const wanted = query.trim().toLowerCase();
  const forms = CONNECTION_FORMS.filter((form) => !wanted || form.title.toLowerCase().includes(wanted) || form.type.includes(wanted));
  return (
    <div className="flex flex-col gap-3">
      <SearchBox label="Search connection types" placeholder="Search connection types" value={query} onChange={setQuery} delay={100} autoFocus />
      {forms.length === 0 ? (
        <p className="py-6 text-center text-sm text-fg-muted">No connection type matches “{query}”</p>
      ) : (
        <ul aria-label="Connection types" className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
          {forms.map((form) => (
            <li key={form.type}>
              <button
                type="button"
                onClick={() => onChoose(form.type)}
                className="flex w-full items-center gap-2 rounded-md border border-border px-3 py-2 text-left text-sm hover:border-accent hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
              >
                <ConnectionIcon icon={form.icon} />
                {form.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
