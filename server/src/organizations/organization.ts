import type { Role } from '@pharos/core';

/** What the front door knows of an organization (spec 1 section 3: slug, publicMetadata {backend_url, direct}). */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  publicMetadata: { backend_url: string | null; direct: boolean };
  policy: OrganizationPolicy;
  created_at: string;
}

/** Who must prove a second factor, and how long a session lasts, inside one organization. */
export interface OrganizationPolicy {
  require_second_factor: SecondFactorPolicy;
  /** Seconds after signing in; null: the installation's PHAROS_SESSION_LIFESPAN. */
  session_lifespan_seconds: number | null;
}

export const SECOND_FACTOR_POLICIES = ['none', 'admins', 'all'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  backend_url: string | null;
  direct: boolean;
  require_second_factor: SecondFactorPolicy;
  session_lifespan_seconds: number | null;
  created_at: Date;
}

export const ORGANIZATION_COLUMNS = 'o.id, o.name, o.slug, o.backend_url, o.direct, o.require_second_factor, o.session_lifespan_seconds, o.created_at';

export function organizationJson(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    publicMetadata: { backend_url: row.backend_url, direct: row.direct },
    policy: { require_second_factor: row.require_second_factor, session_lifespan_seconds: row.session_lifespan_seconds },
    created_at: row.created_at.toISOString(),
  };
}

/** An organization as one of its members sees it in the switcher. */
export interface Membership extends Organization {
  role: Role;
}

/** True when the policy asks this role for a second factor. */
export function needsSecondFactor(policy: SecondFactorPolicy, role: Role): boolean {
  return policy === 'all' || (policy === 'admins' && role === 'admin');
}
