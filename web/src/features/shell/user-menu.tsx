import { lazy } from 'react';
import { useAbout } from '../../api/about';
import { Avatar } from '../../ui/avatar';
import { DeferredMenu } from './deferred-menu';

const UserMenuContent = lazy(() => import('./user-menu-content'));

export interface UserMenuUser {
  name: string;
  email: string;
  avatar: string | null;
}

export interface UserMenuProps {
  user: UserMenuUser;
  onSignOut: () => void;
  /** Called when the menu opens (e.g. to load what signing out needs). */
  onOpen?: () => void;
  signingOut?: boolean;
}

/** The user menu's button (the avatar); the menu's code follows the shell (user-menu-content.tsx). */
export function UserMenu(props: UserMenuProps) {
  // Loaded with the shell, so the version line is ready when the menu opens.
  useAbout();
  const trigger = (
    <button
      type="button"
      aria-label="User menu"
      className="inline-flex cursor-pointer items-center gap-2 rounded-full p-0.5 hover:bg-surface-muted data-[state=open]:bg-surface-muted"
    >
      <Avatar name={props.user.name} src={props.user.avatar} size="md" />
    </button>
  );
  return <DeferredMenu trigger={trigger} onOpen={props.onOpen} menu={(opened) => <UserMenuContent {...props} trigger={trigger} defaultOpen={opened} />} />;
}
