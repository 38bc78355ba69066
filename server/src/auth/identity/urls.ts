import type { FastifyRequest } from 'fastify';
import type { IdentityConfig } from './config.js';

/** Where the identity routes are mounted. */
export const IDENTITY_PREFIX = '/api/.ory';

export type UiPage = 'login' | 'registration' | 'recovery' | 'verification' | 'settings' | 'error';

const UI_PATHS: Readonly<Record<UiPage, string>> = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
};

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The public addresses of one request: PHAROS_PUBLIC_URL when set, else the request's own origin
 * (what the browser used, so it also works behind the web app's development proxy).
 */
export class Urls {
  /** e.g. https://pharos.example.com */
  readonly origin: string;
  /** Path prefix of the public URL without trailing slash, usually ''. */
  readonly basePath: string;
  readonly secure: boolean;
  readonly hostname: string;

  constructor(
    private readonly config: IdentityConfig,
    request: FastifyRequest,
  ) {
    const base = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.secure = base.protocol === 'https:';
    this.hostname = base.hostname;
  }

  /** Absolute URL of an identity API path, e.g. api('/self-service/login') (used for ui.action). */
  api(path: string, params: Record<string, string | undefined> = {}): string {
    return `${this.origin}${this.basePath}${IDENTITY_PREFIX}${path}${query(params)}`;
  }

  /** Root-relative URL of a screen of the web app, e.g. /login?aal=aal2. */
  ui(page: UiPage, params: Record<string, string | undefined> = {}): string {
    return `${this.basePath}${UI_PATHS[page]}${query(params)}`;
  }

  /** Where browsers go when no return_to was given. */
  defaultReturn(): string {
    return `${this.basePath}/`;
  }

  /**
   * return_to as given when it stays on Pharos (a path, or a URL of the public origin) or matches
   * PHAROS_ALLOWED_RETURN_URLS (same origin and path prefix); null otherwise.
   */
  allowedReturnTo(raw: string): string | null {
    const value = raw.trim();
    if (value === '') return null;
    // A single leading slash is a path on this origin; "//host" and "/\host" are other hosts.
    if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
      return [...value].some((char) => char.charCodeAt(0) < 0x20) ? null : value;
    }
    let target: URL;
    try {
      target = new URL(value);
    } catch {
      return null;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
    if (target.username || target.password) return null;
    if (target.origin === this.origin) return target.toString();
    for (const entry of this.config.allowedReturnUrls) {
      const allowed = new URL(entry);
      const prefix = allowed.pathname.replace(/\/+$/, '');
      if (target.origin === allowed.origin && (prefix === '' || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`))) {
        return target.toString();
      }
    }
    return null;
  }
}
