import type { FastifyReply, FastifyRequest } from 'fastify';
import { digest, randomToken } from './csrf.js';
import type { IdentityConfig } from './config.js';
import { getIdentity, identityJson, secondFactors, type Db, type IdentityRow } from './identities.js';
import type { Urls } from './urls.js';

export const SESSION_COOKIE = 'pharos_session';

export type Aal = 'aal1' | 'aal2';
export type AuthMethod = 'password' | 'totp' | 'lookup_secret' | 'webauthn' | 'code' | 'oidc';

export interface AuthenticationMethod {
  method: AuthMethod;
  aal: Aal;
  completed_at: string;
}

export interface SessionRow {
  id: string;
  identity_id: string;
  active: boolean;
  aal: Aal;
  authentication_methods: AuthenticationMethod[];
  ip_address: string | null;
  user_agent: string | null;
  issued_at: Date;
  authenticated_at: Date;
  expires_at: Date;
}

const SESSION_COLUMNS = 'id, identity_id, active, aal, authentication_methods, ip_address, user_agent, issued_at, authenticated_at, expires_at';
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function methodAal(method: AuthMethod): Aal {
  return method === 'password' || method === 'code' || method === 'oidc' ? 'aal1' : 'aal2';
}

/** AAL2 once the session has a first and a second factor. */
function aalOf(methods: readonly AuthenticationMethod[]): Aal {
  return methods.some((m) => m.aal === 'aal2') && methods.some((m) => m.aal === 'aal1') ? 'aal2' : 'aal1';
}

export interface NewSession {
  identityId: string;
  methods: AuthenticationMethod[];
  request: FastifyRequest;
  lifespanMs: number;
  /** When the person last proved who they are; now by default. */
  authenticatedAt?: Date;
  /** Keep the expiry of the session being replaced (AAL upgrade, refresh), not a new lifespan. */
  expiresAt?: Date;
}

/** Issues a session; the token is returned once and only its digest is stored. */
export async function createSession(db: Db, input: NewSession): Promise<{ session: SessionRow; token: string }> {
  const token = randomToken();
  const userAgent = input.request.headers['user-agent'];
  const { rows } = await db.query<SessionRow>(
    `insert into identity_sessions (identity_id, token_hash, aal, authentication_methods, ip_address, user_agent, authenticated_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning ${SESSION_COLUMNS}`,
    [
      input.identityId,
      digest(token),
      aalOf(input.methods),
      JSON.stringify(input.methods),
      input.request.ip,
      typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
      input.authenticatedAt ?? new Date(),
      input.expiresAt ?? new Date(Date.now() + input.lifespanMs),
    ],
  );
  const session = rows[0];
  if (!session) throw new Error('Could not create the session');
  await db.query('update people set last_login = now() where id = $1', [input.identityId]);
  return { session, token };
}

/** The active, unexpired session of this token whose identity still exists. */
export async function sessionByToken(db: Db, token: string | undefined): Promise<SessionRow | null> {
  if (!token || !TOKEN_FORMAT.test(token)) return null;
  const { rows } = await db.query<SessionRow>(
    `select ${SESSION_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}
       from identity_sessions s
       join people p on p.id = s.identity_id
       join identities i on i.id = s.identity_id
      where s.token_hash = $1 and s.active and s.expires_at > now() and p.deleted_at is null and i.state = 'active'`,
    [digest(token)],
  );
  return rows[0] ?? null;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('update identity_sessions set active = false where id = $1', [sessionId]);
}

/** Ends every session of an identity except `keep` (after a password change or recovery). */
export async function revokeOtherSessions(db: Db, identityId: string, keep: string | null): Promise<void> {
  await db.query('update identity_sessions set active = false where identity_id = $1 and active and id is distinct from $2', [identityId, keep]);
}

export function setSessionCookie(reply: FastifyReply, token: string, session: SessionRow, urls: Urls): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: urls.secure,
    expires: session.expires_at,
  });
}

export function clearSessionCookie(reply: FastifyReply, urls: Urls): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: urls.secure });
}

/** The highest level the identity can reach: AAL2 once it has a second factor. */
export async function availableAal(db: Db, identityId: string): Promise<Aal> {
  return (await secondFactors(db, identityId)).size > 0 ? 'aal2' : 'aal1';
}

/** True when the session satisfies what the identity can reach (Kratos's `highest_available`). */
export async function sessionSatisfiesAal(db: Db, session: SessionRow): Promise<boolean> {
  return session.aal === 'aal2' || (await availableAal(db, session.identity_id)) === 'aal1';
}

export function isPrivileged(session: SessionRow, config: IdentityConfig): boolean {
  return Date.now() - session.authenticated_at.getTime() < config.privilegedSessionMaxAgeMs;
}

/** The session in Kratos's JSON shape. */
export async function sessionJson(db: Db, session: SessionRow, identity: IdentityRow, urls: Urls): Promise<Record<string, unknown>> {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expires_at.toISOString(),
    authenticated_at: session.authenticated_at.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authentication_methods,
    issued_at: session.issued_at.toISOString(),
    identity: await identityJson(db, identity, urls),
    devices: [
      {
        id: session.id,
        ip_address: session.ip_address ?? undefined,
        user_agent: session.user_agent ?? undefined,
      },
    ],
  };
}

/** The session of the request's cookie with its identity, or null. */
export async function currentSession(db: Db, request: FastifyRequest): Promise<{ session: SessionRow; identity: IdentityRow } | null> {
  const session = await sessionByToken(db, sessionToken(request));
  if (!session) return null;
  const identity = await getIdentity(db, session.identity_id);
  return identity ? { session, identity } : null;
}

/** Records a second factor proved inside a session (e.g. when it is set up), raising it to AAL2. */
export async function addSessionMethod(db: Db, session: SessionRow, method: AuthMethod): Promise<SessionRow> {
  const methods = [...session.authentication_methods, { method, aal: methodAal(method), completed_at: new Date().toISOString() }];
  const { rows } = await db.query<SessionRow>(
    `update identity_sessions set authentication_methods = $2, aal = $3 where id = $1 returning ${SESSION_COLUMNS}`,
    [session.id, JSON.stringify(methods), aalOf(methods)],
  );
  return rows[0] ?? session;
}
