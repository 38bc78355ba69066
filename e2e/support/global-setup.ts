import type { TestProject } from 'vitest/node';
import { embeddedDatabaseUrl } from './database.js';
import { startMailbox } from './mailbox.js';
import { startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server the journeys drive, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
    /** Folder of the mails the server sent through SMTP (read with e2e/support/mailbox.ts). */
    mailDir: string;
    /** The server's database, for states a browser cannot reach quickly (e.g. an expired flow). */
    databaseUrl: string;
  }
}

/** One real server for all journeys; stopped (and its data removed) afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mailbox = await startMailbox();
  let server: RunningServer | undefined;
  let databaseUrl: string;
  try {
    server = await startServer({
      env: {
        SMTP_URL: mailbox.url,
        // Every journey signs in from 127.0.0.1: only the per-identifier limit is meant to bite.
        PHAROS_LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
        // Journeys sign in people who registered without verifying their address; identity-verified-email
        // runs a server of its own that requires it (the default with SMTP_URL).
        PHAROS_REQUIRE_VERIFIED_EMAIL: 'false',
      },
    });
    databaseUrl = await embeddedDatabaseUrl(server.dataDir);
  } catch (error) {
    await server?.stop();
    await mailbox.close();
    throw error;
  }
  const running = server;
  project.provide('baseUrl', running.url);
  project.provide('mailDir', mailbox.dir);
  project.provide('databaseUrl', databaseUrl);
  return async () => {
    await running.stop();
    await mailbox.close();
  };
}
