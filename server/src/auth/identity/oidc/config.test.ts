import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../config.js';
import { loadOidcConfig } from './config.js';

const PROVIDER = { PHAROS_OIDC_ISSUER: 'https://sso.example.com/realms/ops', PHAROS_OIDC_CLIENT_ID: 'pharos' };

describe('loadOidcConfig', () => {
  it('is off without an issuer', () => {
    expect(loadOidcConfig({})).toBeUndefined();
  });

  it('has working defaults', () => {
    expect(loadOidcConfig(PROVIDER)).toEqual({
      issuer: 'https://sso.example.com/realms/ops',
      clientId: 'pharos',
      clientSecret: undefined,
      scopes: ['openid', 'email', 'profile', 'groups'],
      groupsClaim: 'groups',
      roleMap: [],
      teamMap: [],
      name: 'SSO',
      recheckIntervalMs: 15 * 60_000,
    });
  });

  it('reads how often the provider is asked about its people', () => {
    expect(loadOidcConfig({ ...PROVIDER, PHAROS_OIDC_RECHECK_INTERVAL: '5m' })?.recheckIntervalMs).toBe(300_000);
    expect(() => loadOidcConfig({ ...PROVIDER, PHAROS_OIDC_RECHECK_INTERVAL: 'often' })).toThrow(
      'PHAROS_OIDC_RECHECK_INTERVAL must be a duration such as 30s, 15m, 24h or 7d, got "often"',
    );
  });

  it('reads the maps, scopes, claim, secret and name', () => {
    const config = loadOidcConfig({
      ...PROVIDER,
      PHAROS_OIDC_CLIENT_SECRET: ' s3cret ',
      PHAROS_OIDC_SCOPES: 'openid email',
      PHAROS_OIDC_GROUPS_CLAIM: 'roles',
      PHAROS_OIDC_ROLE_MAP: 'ops-admins=admin, /sre=responder,sre=viewer',
      PHAROS_OIDC_TEAM_MAP: 'sre=Site Reliability',
      PHAROS_OIDC_NAME: 'Keycloak',
    });
    expect(config).toMatchObject({
      clientSecret: 's3cret',
      scopes: ['openid', 'email'],
      groupsClaim: 'roles',
      roleMap: [
        { group: 'ops-admins', role: 'admin' },
        { group: '/sre', role: 'responder' },
        { group: 'sre', role: 'viewer' },
      ],
      teamMap: [{ group: 'sre', team: 'Site Reliability' }],
      name: 'Keycloak',
    });
  });

  it.each([
    [{ PHAROS_OIDC_ISSUER: 'https://sso.example.com' }, /PHAROS_OIDC_CLIENT_ID is required/],
    [{ ...PROVIDER, PHAROS_OIDC_ISSUER: 'sso.example.com' }, /PHAROS_OIDC_ISSUER must be/],
    [{ ...PROVIDER, PHAROS_OIDC_ISSUER: 'ftp://sso.example.com' }, /PHAROS_OIDC_ISSUER must be an http\(s\) URL/],
    [{ ...PROVIDER, PHAROS_OIDC_ROLE_MAP: 'ops=owner' }, /"ops" to "owner", which is not a role: use one of admin, editor/],
    [{ ...PROVIDER, PHAROS_OIDC_TEAM_MAP: 'ops' }, /PHAROS_OIDC_TEAM_MAP must be a comma list of group=value pairs, got "ops"/],
    [{ ...PROVIDER, PHAROS_OIDC_SCOPES: 'email profile' }, /must include openid/],
    [{ PHAROS_OIDC_CLIENT_ID: 'pharos' }, /PHAROS_OIDC_CLIENT_ID is set but PHAROS_OIDC_ISSUER is not/],
  ])('refuses %j', (env, message) => {
    expect(() => loadOidcConfig(env)).toThrow(message);
  });
});

describe('sign-in modes', () => {
  it('turns the password form off only when a provider is configured', () => {
    expect(loadIdentityConfig({ ...PROVIDER, PHAROS_PASSWORD_LOGIN: 'off' }).passwordLogin).toBe(false);
    expect(() => loadIdentityConfig({ PHAROS_PASSWORD_LOGIN: 'off' })).toThrow(/PHAROS_PASSWORD_LOGIN=off needs PHAROS_OIDC_ISSUER/);
  });

  it('closes self-registration when passwords are off, and refuses to open it', () => {
    expect(loadIdentityConfig({ ...PROVIDER, PHAROS_PASSWORD_LOGIN: 'off' }).registration).toBe('invite');
    expect(loadIdentityConfig({ ...PROVIDER }).registration).toBe('open');
    expect(() => loadIdentityConfig({ ...PROVIDER, PHAROS_PASSWORD_LOGIN: 'off', PHAROS_REGISTRATION: 'open' })).toThrow(
      /PHAROS_REGISTRATION=open creates password accounts, which nobody can sign in with when PHAROS_PASSWORD_LOGIN=off/,
    );
  });

  it('runs self-hosted by default, organizations on request, and refuses any other mode', () => {
    expect(loadIdentityConfig({}).authMode).toBe('self-hosted');
    expect(loadIdentityConfig({ PHAROS_AUTH_MODE: 'self-hosted' }).passwordLogin).toBe(true);
    const organizations = loadIdentityConfig({ PHAROS_AUTH_MODE: 'organizations', PHAROS_ORG_SELF_SERVICE: 'on' });
    expect([organizations.authMode, organizations.orgSelfService]).toEqual(['organizations', true]);
    expect(loadIdentityConfig({ PHAROS_AUTH_MODE: 'organizations' }).orgSelfService).toBe(false);
    expect(() => loadIdentityConfig({ PHAROS_AUTH_MODE: 'hosted' })).toThrow(/PHAROS_AUTH_MODE must be "self-hosted" or "organizations", got "hosted"/);
  });

  it('trusts a front door only with the organization it serves and its own public address', () => {
    const backend = { PHAROS_TRUSTED_ISSUER: 'https://door.example.com/', PHAROS_TRUSTED_ORGANIZATION: 'acme', PHAROS_PUBLIC_URL: 'https://acme.example.com' };
    expect(loadIdentityConfig(backend).trustedIssuer).toEqual({ issuer: 'https://door.example.com', organization: 'acme' });
    expect(() => loadIdentityConfig({ ...backend, PHAROS_TRUSTED_ORGANIZATION: '' })).toThrow(/PHAROS_TRUSTED_ISSUER needs PHAROS_TRUSTED_ORGANIZATION/);
    expect(() => loadIdentityConfig({ ...backend, PHAROS_PUBLIC_URL: '' })).toThrow(/PHAROS_TRUSTED_ISSUER needs PHAROS_PUBLIC_URL/);
    expect(() => loadIdentityConfig({ PHAROS_TRUSTED_ORGANIZATION: 'acme' })).toThrow(/PHAROS_TRUSTED_ORGANIZATION needs PHAROS_TRUSTED_ISSUER/);
  });
});
