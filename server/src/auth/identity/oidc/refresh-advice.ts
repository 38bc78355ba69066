import type { FastifyBaseLogger } from 'fastify';
import type { OidcRelyingParty } from './relying-party.js';

/**
 * What an operator is told when the provider gave a sign-in no refresh token: its people are then
 * rechecked only when they sign in again. `offered` is the provider's discovered `scopes_supported`.
 */
export function noRefreshTokenAdvice(name: string, scopes: readonly string[], offered: readonly string[] | undefined): string {
  const found = `${name} gave the sign-in no refresh token, so the people who sign in with it are rechecked only when they sign in again (not every PHAROS_OIDC_RECHECK_INTERVAL)`;
  if (scopes.includes('offline_access')) return `${found}. offline_access is asked for already: allow refresh tokens (offline access) for this client at ${name}.`;
  if (offered?.includes('offline_access')) return `${found}. ${name} offers the scope offline_access: add it to PHAROS_OIDC_SCOPES.`;
  return `${found}. ${name} lists no offline_access scope: allow refresh tokens for this client there if it can.`;
}

const warned = new WeakSet<OidcRelyingParty>();

/** Logs the advice once per process and provider, at the first sign-in without a refresh token. */
export async function warnNoRefreshToken(log: FastifyBaseLogger, relyingParty: OidcRelyingParty): Promise<void> {
  if (warned.has(relyingParty)) return;
  warned.add(relyingParty);
  const offered = await relyingParty.offeredScopes().catch(() => undefined);
  log.warn({ issuer: relyingParty.config.issuer }, noRefreshTokenAdvice(relyingParty.config.name, relyingParty.config.scopes, offered));
}
