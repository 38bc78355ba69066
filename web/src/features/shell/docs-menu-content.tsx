import { ExternalLink } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { DOCS_LINKS } from './docs-links';
import { menuContentClass, menuItemClass, menuLabelClass } from './menu-styles';

/** The documentation menu (loaded after the shell is painted, see DeferredMenu). */
export default function DocsMenuContent({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
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
