/** Lifetime of a direct-mode bearer token: the web app asks for a new one shortly before it ends. */
export const TOKEN_LIFETIME_SECONDS = 300;

/** The organization a token is for, as a private claim beside the registered ones (iss, sub, aud, exp). */
export const ORGANIZATION_CLAIM = 'org';

export interface OrganizationClaim {
  id: string;
  slug: string;
  role: string;
}

/** Public addresses compared without a trailing slash, as organizations store them. */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
