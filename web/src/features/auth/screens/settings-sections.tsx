import type { ReactNode } from 'react';
import { linkClass } from '../../../ui/link-styles';

export interface SettingsSection {
  group: string;
  title: string;
  description?: ReactNode;
}

function StoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/** The sections of `/profile-settings`, in order; each shows only when the flow has its group. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { group: 'profile', title: 'Profile Settings' },
  { group: 'password', title: 'Change Password' },
  { group: 'oidc', title: 'Manage Social Sign In' },
  {
    group: 'lookup_secret',
    title: 'Manage 2FA Backup Recovery Codes',
    description:
      'Recovery codes can be used in panic situations where you have lost access to your 2FA device. Keep them somewhere safe.',
  },
  {
    group: 'totp',
    title: 'Manage 2FA TOTP Authenticator App',
    description: (
      <>
        Add a TOTP authenticator app to your account to improve your account security. Popular authenticator apps are
        Google Authenticator (
        <StoreLink href="https://apps.apple.com/us/app/google-authenticator/id388497605">iOS</StoreLink>,{' '}
        <StoreLink href="https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2">Android</StoreLink>)
        and Microsoft Authenticator (
        <StoreLink href="https://apps.apple.com/us/app/microsoft-authenticator/id983156458">iOS</StoreLink>,{' '}
        <StoreLink href="https://play.google.com/store/apps/details?id=com.azure.authenticator">Android</StoreLink>).
      </>
    ),
  },
  {
    group: 'webauthn',
    title: 'Manage Hardware Tokens and Biometrics',
    description:
      'Use hardware tokens such as security keys (e.g. YubiKey) or biometrics (e.g. Face ID, Touch ID, Windows Hello) to enhance your account security.',
  },
];
