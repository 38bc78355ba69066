import { CircleHelp, ExternalLink } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { iconButtonClass, menuContentClass, menuItemClass, menuLabelClass } from './menu-styles';

/** The project's documents, served by the Pharos server itself. */
export const DOCS_LINKS = [
  { label: 'Set up and configuration', href: '/docs/README.md' },
  { label: 'Data service (/api/db)', href: '/docs/data-service.md' },
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
          {DOCS_LINKS.map(({ label, href }) => (
            <DropdownMenu.Item key={href} asChild className={menuItemClass}>
              <a href={href} target="_blank" rel="noreferrer">
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
