import * as client from 'openid-client';
import type { OidcConfig } from './config.js';

/** What went wrong talking to the provider, each with its own text for the person signing in. */
export type OidcFailureKind = 'unreachable' | 'refused' | 'invalid_token' | 'wrong_audience' | 'invalid_response';

export class OidcFailure extends Error {
  constructor(
    readonly kind: OidcFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** Who the provider says signed in. */
export interface OidcClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: { first: string; last: string };
  groups: string[];
}

/** What a sign-in gave: the person, and the refresh token to ask the provider about them later. */
export interface OidcSignIn {
  claims: OidcClaims;
  refreshToken: string | undefined;
}

/** The provider's answer to a recheck: still listed (with what it says now), or refused. */
export type OidcRecheckAnswer = { outcome: 'listed'; claims: OidcClaims; refreshToken: string | undefined } | { outcome: 'refused'; reason: string };

/** What the callback must match: kept in the login flow between the redirect and the callback. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const TIMEOUT_SECONDS = 10;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function nameOf(claims: Record<string, unknown>, email: string | undefined): { first: string; last: string } {
  const given = text(claims['given_name']);
  const family = text(claims['family_name']);
  if (given || family) return { first: given ?? '', last: family ?? '' };
  const full = text(claims['name']) ?? text(claims['preferred_username']) ?? email?.split('@')[0] ?? '';
  const space = full.indexOf(' ');
  return space < 0 ? { first: full, last: '' } : { first: full.slice(0, space), last: full.slice(space + 1) };
}

/** The innermost message of an error chain (openid-client wraps the checks' own errors). */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

/** Turns what openid-client throws into a failure a person can act on. */
export function classify(error: unknown, providerName: string): OidcFailure {
  if (error instanceof OidcFailure) return error;
  if (isNetworkFailure(error)) {
    return new OidcFailure('unreachable', `${providerName} cannot be reached right now (${rootMessage(error)}). Please try again later.`);
  }
  if (error instanceof client.AuthorizationResponseError) {
    const reason = error.error_description ?? error.error;
    return new OidcFailure('refused', `${providerName} refused the sign-in: ${reason}.`);
  }
  if (error instanceof client.ResponseBodyError) {
    const reason = error.error_description ?? error.error;
    return new OidcFailure('refused', `${providerName} refused the sign-in: ${reason}.`);
  }
  const detail = rootMessage(error);
  if (error instanceof client.ClientError && error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && /"aud"|audience/.test(detail)) {
    return new OidcFailure('wrong_audience', `The ID token from ${providerName} was issued for another application (${detail}), so it does not sign you in here.`);
  }
  if (error instanceof client.ClientError && (error.code === 'OAUTH_INVALID_RESPONSE' || error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || error.code === 'OAUTH_KEY_SELECTION_FAILED')) {
    return new OidcFailure('invalid_token', `The ID token from ${providerName} could not be verified (${detail}), so it does not sign you in. Please sign in again.`);
  }
  return new OidcFailure('invalid_response', `${providerName} answered the sign-in in a way Pharos cannot use (${detail}).`);
}

/**
 * Pharos as an OpenID Connect relying party: authorization code with PKCE, state and nonce. The
 * provider's metadata is discovered on first use and kept; a failed discovery is tried again next time.
 */
export class OidcRelyingParty {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(readonly config: OidcConfig) {}

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.config;
      const insecure = new URL(issuer).protocol === 'http:';
      this.configuration = client
        .discovery(new URL(issuer), clientId, clientSecret, clientSecret === undefined ? client.None() : undefined, {
          timeout: TIMEOUT_SECONDS,
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .then((configuration) => {
          // Without it an ID token from the token endpoint is trusted on TLS alone; a provider
          // stand-in (or a plain-http issuer) could then hand over any claims.
          client.enableNonRepudiationChecks(configuration);
          return configuration;
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw classify(error, this.config.name);
        });
    }
    return this.configuration;
  }

  /** The scopes the provider's discovery document lists (`scopes_supported`), when it lists them. */
  async offeredScopes(): Promise<string[] | undefined> {
    return (await this.discover()).serverMetadata().scopes_supported;
  }

  static newChecks(): AuthorizationChecks {
    return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  }

  /** The provider's authorization address for this sign-in. */
  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    const configuration = await this.discover();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.scopes.join(' '),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Redeems the callback's code and returns the verified claims, with the userinfo endpoint's. */
  async redeem(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcClaims> {
    return (await this.signIn(callbackUrl, checks)).claims;
  }

  /** As `redeem`, with the refresh token the provider gave (if any). */
  async signIn(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcSignIn> {
    try {
      const configuration = await this.discover();
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcFailure('invalid_token', `${this.config.name} sent no ID token, so it does not sign you in.`);
      return { claims: await this.claimsOf(configuration, tokens.access_token, idClaims.sub, idClaims), refreshToken: tokens.refresh_token };
    } catch (error) {
      throw classify(error, this.config.name);
    }
  }

  private async claimsOf(configuration: client.Configuration, accessToken: string, subject: string, idClaims: Record<string, unknown>): Promise<OidcClaims> {
    let claims: Record<string, unknown> = { ...idClaims };
    if (configuration.serverMetadata().userinfo_endpoint) {
      const userinfo = await client.fetchUserInfo(configuration, accessToken, subject);
      claims = { ...userinfo, ...claims };
    }
    const email = text(claims['email'])?.toLowerCase();
    return {
      subject,
      email,
      emailVerified: claims['email_verified'] === true || claims['email_verified'] === 'true',
      name: nameOf(claims, email),
      groups: groupsOf(claims[this.config.groupsClaim]),
    };
  }

  /**
   * Asks the provider, with the refresh token of a sign-in, whether it still lists `subject`: a
   * refused grant (invalid_grant: the person is disabled or deleted there, or the grant was revoked)
   * or a userinfo answer of 401 is a refusal; an unreachable provider throws an OidcFailure.
   */
  async recheck(refreshToken: string, subject: string): Promise<OidcRecheckAnswer> {
    const configuration = await this.discover();
    try {
      const tokens = await client.refreshTokenGrant(configuration, refreshToken);
      const idClaims = tokens.claims() ?? { sub: subject };
      if (idClaims.sub !== subject) return { outcome: 'refused', reason: `${this.config.name} answered for another account` };
      return { outcome: 'listed', claims: await this.claimsOf(configuration, tokens.access_token, subject, idClaims), refreshToken: tokens.refresh_token ?? refreshToken };
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return { outcome: 'refused', reason: error.error_description ?? error.error };
      if (error instanceof client.WWWAuthenticateChallengeError && error.status === 401) return { outcome: 'refused', reason: 'the userinfo endpoint refused the access token' };
      throw classify(error, this.config.name);
    }
  }
}
