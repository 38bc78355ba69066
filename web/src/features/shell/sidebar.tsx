import { useAbout } from '../../api/about';
import { ChevronDown, PanelLeftClose, PanelLeftOpen, Settings } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useFeatureFlags } from '../../app/access/feature-flags';
import { usePermissions } from '../../app/access/permissions';
import { menuFor, type MenuEntry } from '../../app/screens';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/logo';
import { DeferredMenu } from './deferred-menu';
import { NAV_ICONS } from './nav-icons';

const SettingsFlyout = lazy(() => import('./settings-flyout'));

export interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

const itemBase = 'group flex items-center gap-3 rounded-md text-sm transition-colors';
/** Height and padding: a main item, a submenu item, or an icon of the collapsed sidebar. */
const itemBox = (collapsed: boolean, nested = false) => (collapsed ? 'h-9 justify-center px-0' : nested ? 'h-8 px-2' : 'h-9 px-2.5');
const itemIdle = 'text-fg-muted hover:bg-surface-muted hover:text-fg';
const itemActive = 'bg-accent/10 font-medium text-accent hover:bg-accent/15';

const itemState = (active: boolean) => (active ? itemActive : itemIdle);

function NavItem({ entry, collapsed, nested = false }: { entry: MenuEntry; collapsed: boolean; nested?: boolean }) {
  const Icon = NAV_ICONS[entry.id] ?? Settings;
  return (
    <li>
      <NavLink
        to={entry.path}
        title={collapsed ? entry.name : undefined}
        className={({ isActive }) => cn(itemBase, itemBox(collapsed, nested), itemState(isActive))}
      >
        <Icon className={cn('shrink-0', nested ? 'size-4' : 'size-[1.125rem]')} aria-hidden="true" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{entry.name}</span>
      </NavLink>
    </li>
  );
}

/** The Settings submenu: a collapsible group, or a flyout menu when the sidebar is collapsed. */
function SettingsMenu({ entries, collapsed }: { entries: MenuEntry[]; collapsed: boolean }) {
  const { pathname } = useLocation();
  const inSettings = pathname === '/settings' || pathname.startsWith('/settings/');
  const [open, setOpen] = useState(inSettings);
  // Opening a settings page (from a link elsewhere) opens the group.
  const [wasInSettings, setWasInSettings] = useState(inSettings);
  if (inSettings !== wasInSettings) {
    setWasInSettings(inSettings);
    if (inSettings) setOpen(true);
  }
  if (entries.length === 0) return null;

  if (collapsed) {
    const trigger = (
      <button type="button" title="Settings" className={cn(itemBase, itemBox(true), 'w-full cursor-pointer', itemState(inSettings))}>
        <Settings className="size-[1.125rem] shrink-0" aria-hidden="true" />
        <span className="sr-only">Settings</span>
      </button>
    );
    return (
      <li className="mt-2 border-t border-border pt-2">
        <DeferredMenu trigger={trigger} menu={(opened) => <SettingsFlyout entries={entries} trigger={trigger} defaultOpen={opened} />} />
      </li>
    );
  }

  return (
    <li className="mt-2 border-t border-border pt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="sidebar-settings"
        onClick={() => setOpen(!open)}
        className={cn(itemBase, itemBox(false), 'w-full cursor-pointer', itemState(inSettings && !open))}
      >
        <Settings className="size-[1.125rem] shrink-0" aria-hidden="true" />
        <span className="flex-1 truncate text-left">Settings</span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
      </button>
      <ul id="sidebar-settings" aria-label="Settings" hidden={!open} className="mt-0.5 ml-[1.1rem] space-y-0.5 border-l border-border pl-2">
        {entries.map((entry) => (
          <NavItem key={entry.id} entry={entry} collapsed={false} nested />
        ))}
      </ul>
    </li>
  );
}

/**
 * The sidebar: the screens the user may read whose features are enabled, and the Settings submenu
 * (hidden for viewers). Collapsible; the current screen is highlighted.
 */
export function Sidebar({ collapsed, onToggle }: SidebarProps) {
  const permissions = usePermissions();
  const { flags } = useFeatureFlags();
  const about = useAbout();
  const menu = menuFor(permissions, flags.allEnabled, about.data?.authMode === 'organizations');
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      data-collapsed={collapsed || undefined}
      className={cn(
        'flex h-full shrink-0 flex-col border-r border-border bg-surface',
        collapsed ? 'w-14' : 'w-56',
      )}
    >
      <div className={cn('flex h-14 shrink-0 items-center border-b border-border', collapsed ? 'justify-center' : 'justify-between px-3')}>
        {!collapsed && (
          <Link to="/" aria-label="Pharos home" className="rounded-md">
            <Logo className="[&_svg]:size-7" />
          </Link>
        )}
        <button
          type="button"
          onClick={onToggle}
          aria-label={toggleLabel}
          title={`${toggleLabel} (Ctrl+B)`}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <ToggleIcon className="size-[1.125rem]" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Main navigation" className="min-h-0 flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-0.5">
          {menu.main.map((entry) => (
            <NavItem key={entry.id} entry={entry} collapsed={collapsed} />
          ))}
          {menu.settings && <SettingsMenu entries={menu.settings} collapsed={collapsed} />}
        </ul>
      </nav>
    </aside>
  );
}
