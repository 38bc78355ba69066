import { CircleHelp, ExternalLink } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { iconButtonClass, menuContentClass, menuItemClass, menuLabelClass } from './menu-styles';

/**
 * Where the project's README lives; the docs menu links to its sections. Set VITE_DOCS_URL at
 * build time to point at another copy (e.g. an internal mirror).
 */
export const DOCS_URL: string =
  (import.meta.env['VITE_DOCS_URL'] as string | undefined) ?? 'https://github.com/pharos-ops/pharos/blob/main/README.md';

/** README sections, by heading and anchor. */
export const DOCS_LINKS = [
  { label: 'Set up', anchor: 'set-up' },
  { label: 'Configuration', anchor: 'configuration' },
  { label: 'Command line', anchor: 'command-line' },
  { label: 'Calling the API', anchor: 'calling-the-api' },
] as const;

export function DocsMenu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label="Documentation" title="Documentation" className={iconButtonClass}>
        <CircleHelp className="size-[1.125rem]" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className={menuLabelClass}>Documentation</DropdownMenu.Label>
          {DOCS_LINKS.map(({ label, anchor }) => (
            <DropdownMenu.Item key={anchor} asChild className={menuItemClass}>
              <a href={`${DOCS_URL}#${anchor}`} target="_blank" rel="noreferrer">
                <span className="flex-1">{label}</span>
                <ExternalLink className="size-3.5 text-fg-muted" aria-hidden="true" />
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
