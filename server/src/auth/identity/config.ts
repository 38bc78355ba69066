import { loadOidcConfig, type OidcConfig } from './oidc/config.js';

/** Settings of the identity service, read from the environment by `loadIdentityConfig`. */
export interface IdentityConfig {
  /**
   * Public base URL of Pharos as browsers reach it (e.g. https://pharos.example.com). When absent,
   * the origin of each request is used.
   */
  publicUrl: string | undefined;
  /** Extra return_to targets besides the public origin (origin plus optional path prefix). */
  allowedReturnUrls: string[];
  /** How long a self-service flow can be completed. */
  flowLifespanMs: number;
  /** How long a session lasts after sign-in. */
  sessionLifespanMs: number;
  /** Privileged settings (password, second factors, email) need a sign-in this recent. */
  privilegedSessionMaxAgeMs: number;
  /** How long an invitation (its recovery code) can be redeemed. */
  inviteLifespanMs: number;
  /** 'open': anyone may register (no role); 'invite': only the setup link and invitations. */
  registration: 'open' | 'invite';
  /** smtp(s)://user:pass@host:port; absent: messages are stored and logged only. */
  smtpUrl: string | undefined;
  /**
   * Whether a person who registered themselves must verify their email before using Pharos (an
   * account with no verified address and no role is sent to verification). Default: on when mail is
   * sent (SMTP_URL), as the code can then reach them.
   */
  requireVerifiedEmail: boolean;
  smtpFrom: string;
  /** Failed sign-ins allowed per identifier, and per client address, within the window. */
  maxFailuresPerIdentifier: number;
  maxFailuresPerAddress: number;
  failureWindowMs: number;
  /**
   * Whether to believe X-Forwarded-For/-Proto/-Host (Fastify's trustProxy): true, a hop count or a
   * comma list of proxy addresses/CIDRs. Needed behind a load balancer, so that the per-address
   * limit counts clients rather than the balancer.
   */
  trustProxy: boolean | number | string;
  /** Sign-in through the organization's OpenID Connect provider; absent when not configured. */
  oidc: OidcConfig | undefined;
  /** Whether the sign-in page offers email and password (PHAROS_PASSWORD_LOGIN, default on). */
  passwordLogin: boolean;
  /** 'self-hosted': one set of roles per person; 'organizations': a role per organization (PHAROS_AUTH_MODE). */
  authMode: AuthMode;
  /** Organization mode: whether any signed-in person may create an organization (PHAROS_ORG_SELF_SERVICE). */
  orgSelfService: boolean;
  /**
   * A backend of a direct-mode organization: the front door whose bearer tokens this Pharos accepts
   * (PHAROS_TRUSTED_ISSUER), and the organization (id or slug) they must be for (PHAROS_TRUSTED_ORGANIZATION).
   */
  trustedIssuer: { issuer: string; organization: string } | undefined;
}

export type AuthMode = 'self-hosted' | 'organizations';

type Env = Readonly<Record<string, string | undefined>>;

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses durations such as `90s`, `15m`, `24h`, `7d` or a bare number of seconds. */
export function parseDuration(name: string, raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(raw.trim());
  const amount = match?.[1];
  if (!match || amount === undefined) throw new Error(`${name} must be a duration such as 30s, 15m, 24h or 7d, got "${raw}"`);
  const ms = Math.round(Number(amount) * (UNITS[match[2] ?? 's'] ?? 1000));
  if (ms <= 0) throw new Error(`${name} must be longer than zero, got "${raw}"`);
  return ms;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function duration(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  return raw === undefined ? fallback : parseDuration(name, raw);
}

function count(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return parsed;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return url.toString().replace(/\/+$/, '');
}

export const DEFAULT_SMTP_FROM = 'Pharos <no-reply@localhost>';

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1' || raw === 'on') return true;
  if (raw === 'false' || raw === '0' || raw === 'off') return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function trustProxy(raw: string | undefined): boolean | number | string {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function trustedIssuer(env: Env, publicUrl: string | undefined): IdentityConfig['trustedIssuer'] {
  const issuer = nonEmpty(env['PHAROS_TRUSTED_ISSUER']);
  const organization = nonEmpty(env['PHAROS_TRUSTED_ORGANIZATION']);
  if (issuer === undefined) {
    if (organization !== undefined) throw new Error('PHAROS_TRUSTED_ORGANIZATION needs PHAROS_TRUSTED_ISSUER, the front door that signs the tokens');
    return undefined;
  }
  if (organization === undefined) throw new Error('PHAROS_TRUSTED_ISSUER needs PHAROS_TRUSTED_ORGANIZATION: the id or slug of the organization this backend serves');
  // Tokens name this backend as their audience, so it must know the address the front door knows it by.
  if (publicUrl === undefined) throw new Error('PHAROS_TRUSTED_ISSUER needs PHAROS_PUBLIC_URL: tokens are accepted only when their audience is this address');
  return { issuer: httpUrl('PHAROS_TRUSTED_ISSUER', issuer), organization };
}

/** Reads the identity settings; throws a readable error on a malformed value. */
export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const publicUrl = nonEmpty(env['PHAROS_PUBLIC_URL']);
  const passwordLogin = flag(env, 'PHAROS_PASSWORD_LOGIN', true);
  // Registering makes a password account, which nobody could sign in with when passwords are off.
  const registration = nonEmpty(env['PHAROS_REGISTRATION'])?.toLowerCase() ?? (passwordLogin ? 'open' : 'invite');
  if (registration !== 'open' && registration !== 'invite') {
    throw new Error(`PHAROS_REGISTRATION must be "open" or "invite", got "${registration}"`);
  }
  const authMode = nonEmpty(env['PHAROS_AUTH_MODE'])?.toLowerCase() ?? 'self-hosted';
  if (authMode !== 'self-hosted' && authMode !== 'organizations') {
    throw new Error(`PHAROS_AUTH_MODE must be "self-hosted" or "organizations", got "${authMode}"`);
  }
  const oidc = loadOidcConfig(env);
  if (!passwordLogin && !oidc) throw new Error('PHAROS_PASSWORD_LOGIN=off needs PHAROS_OIDC_ISSUER: without a provider nobody could sign in');
  if (!passwordLogin && registration === 'open') {
    throw new Error('PHAROS_REGISTRATION=open creates password accounts, which nobody can sign in with when PHAROS_PASSWORD_LOGIN=off: leave it unset or set it to invite');
  }
  const smtpUrl = nonEmpty(env['SMTP_URL']);
  if (smtpUrl !== undefined && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    publicUrl: publicUrl === undefined ? undefined : httpUrl('PHAROS_PUBLIC_URL', publicUrl),
    allowedReturnUrls: (nonEmpty(env['PHAROS_ALLOWED_RETURN_URLS']) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map((item) => httpUrl('PHAROS_ALLOWED_RETURN_URLS', item)),
    flowLifespanMs: duration(env, 'PHAROS_FLOW_LIFESPAN', 3_600_000),
    sessionLifespanMs: duration(env, 'PHAROS_SESSION_LIFESPAN', 86_400_000),
    privilegedSessionMaxAgeMs: duration(env, 'PHAROS_PRIVILEGED_SESSION_MAX_AGE', 900_000),
    inviteLifespanMs: duration(env, 'PHAROS_INVITE_LIFESPAN', 7 * 86_400_000),
    registration,
    smtpUrl,
    requireVerifiedEmail: flag(env, 'PHAROS_REQUIRE_VERIFIED_EMAIL', smtpUrl !== undefined),
    smtpFrom: nonEmpty(env['SMTP_FROM']) ?? DEFAULT_SMTP_FROM,
    maxFailuresPerIdentifier: count(env, 'PHAROS_LOGIN_MAX_FAILURES', 5),
    maxFailuresPerAddress: count(env, 'PHAROS_LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
    failureWindowMs: duration(env, 'PHAROS_LOGIN_FAILURE_WINDOW', 900_000),
    trustProxy: trustProxy(env['PHAROS_TRUST_PROXY']),
    oidc,
    passwordLogin,
    authMode,
    orgSelfService: flag(env, 'PHAROS_ORG_SELF_SERVICE', false),
    trustedIssuer: trustedIssuer(env, publicUrl),
  };
}
