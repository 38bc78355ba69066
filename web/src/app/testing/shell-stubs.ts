import type { FeatureProperty, Role } from '@pharos/core';
import { json, type StubRoute } from '../../test/fetch-stub';

export const ORY = '/api/.ory/self-service';

export interface SignedInOptions {
  roles?: Role[];
  name?: string;
  /** Rows of the properties table (feature flags). */
  properties?: FeatureProperty[];
  /** The backend version /api/about answers. */
  version?: string;
}

/** A feature flag row that disables `feature`. */
export const disable = (feature: string): FeatureProperty => ({ name: `${feature}.disable`, value: 'true' });

/** The whoami answer for a user with these roles. */
export function sessionOf(roles: Role[], name = 'Ada Lovelace') {
  return { user: { id: 'u1', name, email: 'ada@example.com', avatar: null, roles }, permissions: {} };
}

/** The calls the shell makes for a signed-in user: whoami, feature flags, about and the logout token. */
export function signedInRoutes({ roles = ['admin'], name, properties = [], version = '0.9.1' }: SignedInOptions = {}): StubRoute[] {
  return [
    { path: '/api/auth/whoami', respond: () => json(sessionOf(roles, name)) },
    { path: '/api/db/properties', respond: () => json(properties) },
    { path: '/api/about', respond: () => json({ Version: version }) },
    { path: `${ORY}/logout/browser`, respond: () => json({ logout_token: 'lt-1', logout_url: `http://localhost:3000${ORY}/logout?token=lt-1` }) },
  ];
}
