import { Check, Download, LogOut, Monitor, Moon, Sun, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Link, useLocation } from 'react-router';
import { useTheme, type ThemePreference } from '../../app/theme';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import { useAbout } from '../../api/about';
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from './menu-styles';
import type { UserMenuProps } from './user-menu';
import { WEB_VERSION } from './version';
import { OrganizationSwitcher } from './organization-switcher';
import { Dialog } from '../../ui/dialog';

const KubeconfigDialog = lazy(() => import('./kubeconfig-dialog'));
const CreateOrganizationForm = lazy(() => import('./create-organization-form').then((m) => ({ default: m.CreateOrganizationForm })));

interface UserMenuContentProps extends UserMenuProps {
  trigger: ReactElement;
  defaultOpen: boolean;
}

const THEMES: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** 'Frontend 1.0.758 · Backend 0.1.0' (the backend part once /api/about answered). */
export function VersionLine() {
  const { data, isError } = useAbout();
  const backend = data?.Version ?? (isError ? 'unknown' : '…');
  return (
    <p className="px-2 py-1.5 text-xs text-fg-muted" data-testid="version-line">
      Frontend {WEB_VERSION} · Backend {backend}
    </p>
  );
}

/** The user menu: greeting, organizations (in organization mode), profile, kubeconfig, theme, version line and sign out (loaded after the shell is painted, see DeferredMenu). */
export default function UserMenuContent({ user, onSignOut, onOpen, signingOut = false, trigger, defaultOpen }: UserMenuContentProps) {
  const { pathname, search } = useLocation();
  const { preference, setPreference } = useTheme();
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const organizationMode = useAbout().data?.authMode === 'organizations';
  const profile = `/profile-settings?${new URLSearchParams({ return_to: `${pathname}${search}` }).toString()}`;
  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen} onOpenChange={(open) => open && onOpen?.()}>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className={cn(menuContentClass, 'w-64')}>
            <div className="px-2 py-1.5">
              <p className="truncate text-sm font-semibold text-fg">Hi {user.name}</p>
              {user.email && <p className="truncate text-xs text-fg-muted">{user.email}</p>}
            </div>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            {organizationMode && <OrganizationSwitcher onCreate={() => setCreating(true)} />}
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to={profile}>
                <UserRound className="size-4 text-fg-muted" aria-hidden="true" />
                Your Profile
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItemClass} onSelect={() => setKubeconfigOpen(true)}>
              <Download className="size-4 text-fg-muted" aria-hidden="true" />
              Download kubeconfig
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Label className={menuLabelClass}>Theme</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={preference} onValueChange={(value) => setPreference(value as ThemePreference)}>
              {THEMES.map(({ value, label, Icon }) => (
                <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass} onSelect={(event) => event.preventDefault()}>
                  <Icon className="size-4 text-fg-muted" aria-hidden="true" />
                  <span className="flex-1">{label}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-accent" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <VersionLine />
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Item className={menuItemClass} disabled={signingOut} onSelect={() => onSignOut()}>
              {signingOut ? <Spinner /> : <LogOut className="size-4 text-fg-muted" aria-hidden="true" />}
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={creating} onOpenChange={setCreating} title="Create organization" size="small" preventOutsideClose>
        {creating && (
          <Suspense fallback={<Spinner />}>
            <CreateOrganizationForm onCancel={() => setCreating(false)} />
          </Suspense>
        )}
      </Dialog>
      {kubeconfigOpen && (
        <Suspense fallback={null}>
          <KubeconfigDialog open onOpenChange={setKubeconfigOpen} />
        </Suspense>
      )}
    </>
  );
}
