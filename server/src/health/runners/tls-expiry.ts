import { isIP } from 'node:net';
import { connect, type ConnectionOptions } from 'node:tls';
import { Agent } from 'undici';
import { isRecord } from '@pharos/core';
import type { RunContext } from './types.js';

/** What a check's `tlsConfig` (or the older `insecureSkipVerify`) says about the server's certificate and ours. */
export interface TlsOptions {
  rejectUnauthorized: boolean;
  ca?: string;
  cert?: string;
  key?: string;
  /** Milliseconds the TLS handshake may take. */
  timeout?: number;
}

const DEFAULT_HANDSHAKE_MS = 10_000;

/** `handshakeTimeout` as canary-checker writes it: `10s`, `500ms`, or seconds. */
function handshakeMs(value: unknown): number | undefined {
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string' || value === '') return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount : match[2] === 'm' ? amount * 60_000 : amount * 1000;
}

/** The TLS options of an http check's spec, its CA, certificate and key read like any secret-or-value field. */
export async function tlsOptionsOf(spec: Record<string, unknown>, context: RunContext): Promise<TlsOptions> {
  const config = isRecord(spec['tlsConfig']) ? spec['tlsConfig'] : {};
  const options: TlsOptions = {
    rejectUnauthorized: !(config['insecureSkipVerify'] === true || spec['insecureSkipVerify'] === true),
    timeout: handshakeMs(config['handshakeTimeout']) ?? DEFAULT_HANDSHAKE_MS,
  };
  for (const field of ['ca', 'cert', 'key'] as const) {
    const value = config[field] === undefined ? undefined : await context.value(config[field]);
    if (value) options[field] = value;
  }
  return options;
}

/** For checks that skip verification and trust no CA of their own: one pool for all of them. */
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

/**
 * The connection pool a check's requests go through: the shared one (undefined) or the shared
 * insecure one when that is all the spec asks, else one of its own (of one connection per origin
 * when asked, as NTLM needs), which `close` ends.
 */
export function tlsDispatcher(options: TlsOptions, singleConnection = false): { dispatcher: Agent | undefined; close(): void } {
  if (!singleConnection && !options.ca && !options.cert && !options.key) return { dispatcher: options.rejectUnauthorized ? undefined : insecure, close: () => undefined };
  const agent = new Agent({ connect: { ...options } as ConnectionOptions, ...(singleConnection ? { connections: 1 } : {}) });
  return { dispatcher: agent, close: () => void agent.close() };
}

/** Milliseconds until the certificate a TLS server presents expires (undefined when there is none to read). */
export function certificateLifetime(url: URL, signal: AbortSignal): Promise<number | undefined> {
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const socket = connect({ host, port: url.port ? Number(url.port) : 443, ...(isIP(host) ? {} : { servername: host }), rejectUnauthorized: false });
    const done = (value: number | undefined) => {
      socket.destroy();
      signal.removeEventListener('abort', abort);
      resolve(value);
    };
    const abort = () => done(undefined);
    signal.addEventListener('abort', abort, { once: true });
    socket.once('secureConnect', () => {
      const validTo = socket.getPeerCertificate().valid_to;
      done(validTo ? Date.parse(validTo) - Date.now() : undefined);
    });
    socket.once('error', () => done(undefined));
  });
}
