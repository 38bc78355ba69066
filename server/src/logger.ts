import { pino, type DestinationStream, type Logger } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
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

/** How log lines are written: coloured lines for a person at a terminal, JSON lines for collectors. */
export type LogFormat = 'pretty' | 'json';

export function logFormatFor(stream: { isTTY?: boolean }): LogFormat {
  return stream.isTTY === true ? 'pretty' : 'json';
}

function logStream(fd: 1 | 2, format: LogFormat): DestinationStream {
  if (format === 'json') return pino.destination(fd);
  // Loaded only for a terminal: a server writing JSON (a container, a pipe) never needs it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  // Synchronous, in this thread: lines are not lost when the process exits right after logging.
  return pretty({ destination: fd, sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

/** One logger for the whole process; Fastify reuses it through `loggerInstance`. */
export function createLogger(level: LogLevel, destination: 'stdout' | 'stderr' = 'stdout'): Logger {
  const fd = destination === 'stdout' ? 1 : 2;
  const format = logFormatFor(destination === 'stdout' ? process.stdout : process.stderr);
  return pino({ level, serializers }, logStream(fd, format));
}

/** For tests and library use: drops everything. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
