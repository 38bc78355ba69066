import { ROLES, type Role } from '@pharos/core';
import { parseDuration } from '../config.js';

/** Sign-in through an OpenID Connect provider, read from PHAROS_OIDC_* by `loadOidcConfig`. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Absent for a public client, which then relies on PKCE alone. */
  clientSecret: string | undefined;
  scopes: string[];
  groupsClaim: string;
  /** Provider group → Pharos role; empty: roles are left as administrators set them. */
  roleMap: ReadonlyArray<{ group: string; role: Role }>;
  /** Provider group → Pharos team name; empty: teams are left alone. */
  teamMap: ReadonlyArray<{ group: string; team: string }>;
  /** Shown on the button: 'Sign in with {name}'. */
  name: string;
  /** How often the provider is asked whether it still lists the people who signed in with it. */
  recheckIntervalMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Parses `group=value,group=value`; a group may appear more than once. */
function pairs(name: string, raw: string | undefined): Array<[string, string]> {
  const text = nonEmpty(raw);
  if (text === undefined) return [];
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const at = item.lastIndexOf('=');
      const group = item.slice(0, at).trim();
      const value = item.slice(at + 1).trim();
      if (at < 0 || group === '' || value === '') throw new Error(`${name} must be a comma list of group=value pairs, got "${item}"`);
      return [group, value];
    });
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

function recheckInterval(raw: string | undefined): number {
  const text = nonEmpty(raw);
  return text === undefined ? FIFTEEN_MINUTES_MS : parseDuration('PHAROS_OIDC_RECHECK_INTERVAL', text);
}

/** Reads PHAROS_OIDC_*; undefined when no issuer is set. Throws a readable error on a malformed value. */
export function loadOidcConfig(env: Env): OidcConfig | undefined {
  const issuer = nonEmpty(env['PHAROS_OIDC_ISSUER']);
  if (issuer === undefined) {
    const stray = ['PHAROS_OIDC_CLIENT_ID', 'PHAROS_OIDC_CLIENT_SECRET', 'PHAROS_OIDC_ROLE_MAP', 'PHAROS_OIDC_TEAM_MAP'].find((name) => nonEmpty(env[name]));
    if (stray) throw new Error(`${stray} is set but PHAROS_OIDC_ISSUER is not: set the provider's issuer URL to sign in with it`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`PHAROS_OIDC_ISSUER must be the provider's absolute https URL, got "${issuer}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PHAROS_OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  const clientId = nonEmpty(env['PHAROS_OIDC_CLIENT_ID']);
  if (clientId === undefined) throw new Error('PHAROS_OIDC_CLIENT_ID is required with PHAROS_OIDC_ISSUER: the client id registered at the provider');
  const scopes = (nonEmpty(env['PHAROS_OIDC_SCOPES']) ?? 'openid email profile groups').split(/[\s,]+/).filter((scope) => scope !== '');
  if (!scopes.includes('openid')) throw new Error(`PHAROS_OIDC_SCOPES must include openid, got "${scopes.join(' ')}"`);
  const roleMap = pairs('PHAROS_OIDC_ROLE_MAP', env['PHAROS_OIDC_ROLE_MAP']).map(([group, role]) => {
    if (!isRole(role)) throw new Error(`PHAROS_OIDC_ROLE_MAP maps "${group}" to "${role}", which is not a role: use one of ${ROLES.join(', ')}`);
    return { group, role };
  });
  return {
    // Kept as written: the provider's discovery document must name exactly this issuer.
    issuer,
    clientId,
    clientSecret: nonEmpty(env['PHAROS_OIDC_CLIENT_SECRET']),
    scopes,
    groupsClaim: nonEmpty(env['PHAROS_OIDC_GROUPS_CLAIM']) ?? 'groups',
    roleMap,
    teamMap: pairs('PHAROS_OIDC_TEAM_MAP', env['PHAROS_OIDC_TEAM_MAP']).map(([group, team]) => ({ group, team })),
    name: nonEmpty(env['PHAROS_OIDC_NAME']) ?? 'SSO',
    recheckIntervalMs: recheckInterval(env['PHAROS_OIDC_RECHECK_INTERVAL']),
  };
}
