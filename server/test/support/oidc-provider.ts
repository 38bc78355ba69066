import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A person at the test provider. */
export interface ProviderUser {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name: string;
  groups: string[];
  /** The provider refuses them (findAccount finds nobody). */
  disabled?: boolean;
}

/**
 * How the token endpoint's answer is spoiled, as a provider stand-in would: `replay` answers with
 * the ID token of the sign-in before (genuine, but bound to that sign-in's nonce).
 */
export type Tampering = 'none' | 'signature' | 'audience' | 'replay';

export const TEST_CLIENT = { id: 'pharos', secret: 'pharos-test-secret' };

/**
 * A real OpenID Connect provider (panva's oidc-provider, with its development login and consent
 * pages) on loopback. Users and their groups can change between sign-ins; `tamper` makes it answer
 * the token endpoint with a spoiled or replayed ID token.
 */
export class TestOidcProvider {
  readonly users = new Map<string, ProviderUser>();
  tamper: Tampering = 'none';
  /** The last ID token the token endpoint gave, for `replay`. */
  private lastIdToken: string | undefined;
  private handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  private readonly server: Server = createServer((req, res) => {
    if (this.handler) this.handler(req, res);
    else res.writeHead(503).end('starting');
  });
  private signingKey: { jwk: JWK; key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] } | undefined;
  issuer = '';

  /** Listens first, so that Pharos can be configured with the issuer before the client is registered. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  add(user: ProviderUser): ProviderUser {
    this.users.set(user.sub, user);
    return user;
  }

  /** Registers Pharos as the client with these redirect URIs and starts answering. */
  async start(redirectUris: string[]): Promise<void> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    this.signingKey = { jwk, key: privateKey };
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [jwk] },
      // Lax rather than the default None, which a browser drops on plain http.
      cookies: { keys: ['test-provider-cookie-key'], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'], groups: ['groups'] },
      // Every sign-in gets a refresh token, as Keycloak's do without offline_access.
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      findAccount: (_ctx, sub) => {
        const user = this.users.get(sub);
        if (!user || user.disabled) return undefined;
        return {
          accountId: sub,
          claims: () => {
            const [first = '', ...rest] = user.name.split(' ');
            return { sub, email: user.email, email_verified: user.emailVerified ?? true, name: user.name, given_name: first, family_name: rest.join(' '), groups: [...user.groups] };
          },
        };
      },
    });
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (ctx.path !== '/token' || typeof body?.id_token !== 'string') return;
      const genuine = body.id_token;
      if (this.tamper === 'replay' && this.lastIdToken) ctx.body = { ...body, id_token: this.lastIdToken };
      else if (this.tamper === 'signature' || this.tamper === 'audience') ctx.body = { ...body, id_token: await this.spoil(genuine) };
      this.lastIdToken = genuine;
    });
    const handle = provider.callback();
    this.handler = (req, res) => {
      if (req.method === 'POST' && req.url?.startsWith('/interaction/')) void this.submitInteraction(provider, handle, req, res);
      else handle(req, res);
    };
  }

  /** The login form: a disabled person is refused here, as providers do, with access_denied. */
  private async submitInteraction(provider: Provider, handle: (req: IncomingMessage, res: ServerResponse) => void, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
    const user = form['login'] === undefined ? undefined : this.users.get(form['login']);
    if (form['prompt'] === 'login' && user?.disabled) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'This account is disabled' }, { mergeWithLastSubmission: false });
      return;
    }
    // oidc-provider reads a body that was already parsed from `req.body`.
    Object.assign(req, { body: form });
    handle(req, res);
  }

  private async spoil(idToken: string): Promise<string> {
    if (!this.signingKey) throw new Error('not started');
    const claims = decodeJwt(idToken);
    const header = { alg: 'RS256', kid: this.signingKey.jwk.kid ?? 'test-key' };
    if (this.tamper === 'audience') {
      // Properly signed by the provider, but for another application.
      return new SignJWT({ ...claims, aud: 'another-application', azp: 'another-application' }).setProtectedHeader(header).sign(this.signingKey.key);
    }
    // Claims changed and signed by a key the provider never published, under its key id.
    const forged = await generateKeyPair('RS256');
    return new SignJWT({ ...claims, email: 'intruder@example.com' }).setProtectedHeader(header).sign(forged.privateKey);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
