import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent } from 'react';
import { Button } from '../button';
import { moveColumn, setColumnHidden, setColumnWidth, type ColumnLayout } from './column-layout';
import { WidthField } from './width-field';

export interface ColumnsMenuProps {
  /** The table's accessible name, for the menu's own. */
  tableLabel: string;
  layout: ColumnLayout;
  /** The name a person sees for each column id. */
  labelOf: (id: string) => string;
  /** Columns that cannot be hidden (their checkbox is disabled). */
  alwaysShown: ReadonlySet<string>;
  onChange: (next: ColumnLayout) => void;
  onReset: () => void;
}

const iconButton = 'inline-flex size-7 cursor-pointer items-center justify-center rounded text-fg-muted hover:bg-surface-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-40';

/**
 * 'Columns': show or hide each column (checkbox), move it up or down (buttons, or Alt+↑/↓ on its
 * checkbox), set its width in pixels, or go back to the table's own columns.
 */
export function ColumnsMenu({ tableLabel, layout, labelOf, alwaysShown, onChange, onReset }: ColumnsMenuProps) {
  const shownCount = layout.order.filter((id) => !layout.hidden.includes(id)).length;

  const onCheckboxKey = (id: string) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onChange(moveColumn(layout, id, event.key === 'ArrowUp' ? -1 : 1));
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm" className="gap-1.5">
          <Columns3 className="size-4" aria-hidden="true" />
          Columns
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={`Columns of ${tableLabel}`}
          className="z-50 max-h-[70vh] w-80 overflow-y-auto rounded-md border border-border bg-surface p-2 text-fg shadow-lg"
        >
          <p className="px-1 pb-2 text-xs text-fg-muted">Alt+↑/↓ on a column moves it.</p>
          <ul className="flex flex-col gap-1">
            {layout.order.map((id, index) => {
              const label = labelOf(id);
              const hidden = layout.hidden.includes(id);
              const checkboxId = `column-${tableLabel}-${id}`.replace(/\s+/g, '-');
              return (
                <li key={id} className="flex items-center gap-1">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={!hidden}
                    disabled={alwaysShown.has(id) || (!hidden && shownCount === 1)}
                    onChange={(event) => onChange(setColumnHidden(layout, id, !event.target.checked))}
                    onKeyDown={onCheckboxKey(id)}
                    className="size-4 accent-[var(--accent)]"
                  />
                  <label htmlFor={checkboxId} className="min-w-0 flex-1 truncate text-sm">
                    {label}
                  </label>
                  <button type="button" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onChange(moveColumn(layout, id, -1))} className={iconButton}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${label} down`}
                    disabled={index === layout.order.length - 1}
                    onClick={() => onChange(moveColumn(layout, id, 1))}
                    className={iconButton}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <WidthField
                    label={label}
                    width={layout.widths[id]}
                    onChange={(width) => {
                      if (width !== undefined) return onChange(setColumnWidth(layout, id, width));
                      const widths = { ...layout.widths };
                      delete widths[id];
                      onChange({ ...layout, widths });
                    }}
                  />
                </li>
              );
            })}
          </ul>
          <div className="mt-2 border-t border-border pt-2">
            <Button variant="ghost" size="sm" onClick={onReset}>
              Reset columns
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
