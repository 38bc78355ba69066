import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/** Query parameters whose values are secrets (logout and setup tokens, one-time codes). */
const SECRET_PARAMS: ReadonlySet<string> = new Set(['token', 'setup_token', 'code', 'password', 'csrf_token']);

/** The URL with secret query values replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parts = url.slice(query + 1).split('&').map((part) => {
    const eq = part.indexOf('=');
    const raw = (eq === -1 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
    let key = raw.toLowerCase();
    try {
      key = decodeURIComponent(raw).toLowerCase();
    } catch {
      // A malformed escape: compare the key as it is.
    }
    return eq !== -1 && SECRET_PARAMS.has(key) ? `${part.slice(0, eq)}=[redacted]` : part;
  });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer, without secrets in the URL (bodies are never logged). */
export const serializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: request.url === undefined ? undefined : redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** One logger for the whole process; Fastify reuses it through `loggerInstance`. */
export function createLogger(level: LogLevel, destination: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino({ level, serializers }, pino.destination(destination === 'stdout' ? 1 : 2));
}

/** For tests and library use: drops everything. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
