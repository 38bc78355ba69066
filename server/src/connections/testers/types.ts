import { STORED_ONLY_CONNECTION_TYPES } from '@pharos/core';
import type { ResolvedConnection } from '../resolve.js';

/** Longest one connection test may take. */
export const TEST_TIMEOUT_MS = 10_000;

/** A test that reached a verdict: the reason the peer gave, in words a person can act on. */
export class ConnectionTestFailure extends Error {}

/** A type Pharos cannot test (yet): the answer is 501. */
export class TestNotSupported extends Error {
  constructor(type: string) {
    super(
      (STORED_ONLY_CONNECTION_TYPES as readonly string[]).includes(type)
        ? `Testing a ${type} connection is not supported: Pharos keeps ${type} connections applied from mission-control files, but has no client for them`
        : `Testing a ${type} connection is not supported`,
    );
  }
}

export type ConnectionTester = (connection: ResolvedConnection, signal: AbortSignal) => Promise<void>;

/** The error's own words, with the system code when it has one (ECONNREFUSED, ENOTFOUND …). */
export function reasonOf(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/** Runs a test, turning whatever it throws into a ConnectionTestFailure. */
export async function failureOf(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ConnectionTestFailure || error instanceof TestNotSupported) throw error;
    throw new ConnectionTestFailure(reasonOf(error));
  }
}

/** A host and port from a URL, with the scheme's default port. */
export function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: parsed.port ? Number(parsed.port) : defaultPort };
}

export function required(value: string | null | undefined, what: string): string {
  if (!value) throw new ConnectionTestFailure(`The connection has no ${what}`);
  return value;
}
