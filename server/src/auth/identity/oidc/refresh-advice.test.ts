import { describe, expect, it } from 'vitest';
import { noRefreshTokenAdvice } from './refresh-advice.js';

describe('the advice when a provider gives no refresh token', () => {
  const found = 'Dex gave the sign-in no refresh token, so the people who sign in with it are rechecked only when they sign in again (not every PHAROS_OIDC_RECHECK_INTERVAL)';

  it('names the offline_access scope when the provider offers it and it is not asked for', () => {
    expect(noRefreshTokenAdvice('Dex', ['openid', 'email'], ['openid', 'email', 'offline_access'])).toBe(`${found}. Dex offers the scope offline_access: add it to PHAROS_OIDC_SCOPES.`);
  });

  it('points at the provider when offline_access is asked for already', () => {
    expect(noRefreshTokenAdvice('Dex', ['openid', 'offline_access'], ['openid', 'offline_access'])).toBe(
      `${found}. offline_access is asked for already: allow refresh tokens (offline access) for this client at Dex.`,
    );
  });

  it('says so when the provider lists no offline_access scope', () => {
    expect(noRefreshTokenAdvice('Dex', ['openid'], undefined)).toBe(`${found}. Dex lists no offline_access scope: allow refresh tokens for this client there if it can.`);
  });
});
