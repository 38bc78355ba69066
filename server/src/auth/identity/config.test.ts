import { describe, expect, it } from 'vitest';
import { DEFAULT_SMTP_FROM, loadIdentityConfig, parseDuration } from './config.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['24h', 86_400_000],
    ['7d', 604_800_000],
    ['250ms', 250],
    ['30', 30_000],
    ['1.5h', 5_400_000],
  ])('%s', (raw, ms) => {
    expect(parseDuration('X', raw)).toBe(ms);
  });

  it.each(['', 'soon', '-1h', '0', '10y'])('refuses %j', (raw) => {
    expect(() => parseDuration('PHAROS_SESSION_LIFESPAN', raw)).toThrow(/PHAROS_SESSION_LIFESPAN/);
  });
});

describe('loadIdentityConfig', () => {
  it('has working defaults', () => {
    expect(loadIdentityConfig({})).toEqual({
      publicUrl: undefined,
      allowedReturnUrls: [],
      flowLifespanMs: 3_600_000,
      sessionLifespanMs: 86_400_000,
      privilegedSessionMaxAgeMs: 900_000,
      inviteLifespanMs: 604_800_000,
      registration: 'open',
      smtpUrl: undefined,
      requireVerifiedEmail: false,
      smtpFrom: DEFAULT_SMTP_FROM,
      maxFailuresPerIdentifier: 5,
      maxFailuresPerAddress: 20,
      failureWindowMs: 900_000,
      trustProxy: false,
      oidc: undefined,
      passwordLogin: true,
      authMode: 'self-hosted',
      orgSelfService: false,
      trustedIssuer: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadIdentityConfig({
      PHAROS_PUBLIC_URL: 'https://pharos.example.com/',
      PHAROS_ALLOWED_RETURN_URLS: 'https://docs.example.com/pharos, http://localhost:5173',
      PHAROS_REGISTRATION: 'INVITE',
      PHAROS_SESSION_LIFESPAN: '8h',
      PHAROS_FLOW_LIFESPAN: '10m',
      PHAROS_PRIVILEGED_SESSION_MAX_AGE: '5m',
      PHAROS_INVITE_LIFESPAN: '2d',
      SMTP_URL: 'smtp://user:pass@mail:587',
      SMTP_FROM: 'Ops <ops@example.com>',
      PHAROS_LOGIN_MAX_FAILURES: '3',
      PHAROS_LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
      PHAROS_LOGIN_FAILURE_WINDOW: '1h',
      PHAROS_TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://pharos.example.com',
      allowedReturnUrls: ['https://docs.example.com/pharos', 'http://localhost:5173'],
      registration: 'invite',
      sessionLifespanMs: 28_800_000,
      flowLifespanMs: 600_000,
      privilegedSessionMaxAgeMs: 300_000,
      inviteLifespanMs: 172_800_000,
      smtpUrl: 'smtp://user:pass@mail:587',
      requireVerifiedEmail: true,
      smtpFrom: 'Ops <ops@example.com>',
      maxFailuresPerIdentifier: 3,
      maxFailuresPerAddress: 50,
      failureWindowMs: 3_600_000,
      trustProxy: 2,
    });
    expect(loadIdentityConfig({ PHAROS_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    // Verified addresses are required by default once mail can reach people, and either way when asked.
    expect(loadIdentityConfig({ SMTP_URL: 'smtp://mail:25', PHAROS_REQUIRE_VERIFIED_EMAIL: 'false' }).requireVerifiedEmail).toBe(false);
    expect(loadIdentityConfig({ PHAROS_REQUIRE_VERIFIED_EMAIL: 'true' }).requireVerifiedEmail).toBe(true);
    expect(loadIdentityConfig({ PHAROS_TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it.each([
    [{ PHAROS_PUBLIC_URL: 'pharos.example.com' }, /PHAROS_PUBLIC_URL/],
    [{ PHAROS_PUBLIC_URL: 'ftp://pharos.example.com' }, /PHAROS_PUBLIC_URL/],
    [{ PHAROS_REGISTRATION: 'closed' }, /PHAROS_REGISTRATION/],
    [{ SMTP_URL: 'mail.example.com:25' }, /SMTP_URL/],
    [{ PHAROS_LOGIN_MAX_FAILURES: '0' }, /PHAROS_LOGIN_MAX_FAILURES/],
    [{ PHAROS_ALLOWED_RETURN_URLS: '/relative' }, /PHAROS_ALLOWED_RETURN_URLS/],
    [{ PHAROS_REQUIRE_VERIFIED_EMAIL: 'maybe' }, /PHAROS_REQUIRE_VERIFIED_EMAIL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadIdentityConfig(env)).toThrow(message);
  });
});
