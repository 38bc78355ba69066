import { Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { MenuEntry } from '../../app/screens';
import { cn } from '../../ui/cn';
import { menuContentClass, menuItemClass, menuLabelClass } from './menu-styles';
import { NAV_ICONS } from './nav-icons';

/** The Settings submenu as a flyout of the collapsed sidebar (loaded after the shell is painted, see DeferredMenu). */
export default function SettingsFlyout({ entries, trigger, defaultOpen }: { entries: MenuEntry[]; trigger: ReactElement; defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="right" align="start" sideOffset={8} className={cn(menuContentClass, 'max-h-[80vh] overflow-auto')}>
          <DropdownMenu.Label className={menuLabelClass}>Settings</DropdownMenu.Label>
          {entries.map((entry) => {
            const Icon = NAV_ICONS[entry.id] ?? Settings;
            return (
              <DropdownMenu.Item key={entry.id} asChild className={menuItemClass}>
                <Link to={entry.path}>
                  <Icon className="size-4 text-fg-muted" aria-hidden="true" />
                  {entry.name}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
