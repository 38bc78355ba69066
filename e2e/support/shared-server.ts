import { inject } from 'vitest';

/** A server the journeys without a server of their own drive, with the mailbox its SMTP_URL points at. */
export interface SharedServer {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Folder of the mails the server sent through SMTP (read with e2e/support/mailbox.ts). */
  mailDir: string;
  /** The server's database, for states a browser cannot reach quickly (e.g. an expired flow). */
  databaseUrl: string;
}

/**
 * The shared server of this worker: global setup starts one per e2e worker, so journeys running at the
 * same time never meet on one server (its settings, rate limits and rows stay theirs).
 */
export function sharedServer(): SharedServer {
  const servers = inject('sharedServers');
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('global setup started no shared server');
  return server;
}
