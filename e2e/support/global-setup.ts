import type { TestProject } from 'vitest/node';
import { embeddedDatabaseUrl } from './database.js';
import { startMailbox, type Mailbox } from './mailbox.js';
import { CLI, startServer, type RunningServer } from './server.js';
import { DATA_TEMPLATE_ENV, prepareDataTemplate } from './data-template.js';
import type { SharedServer } from './shared-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per e2e worker (pick yours with `sharedServer()` of e2e/support/shared-server.ts). */
    sharedServers: SharedServer[];
  }
}

interface Running {
  shared: SharedServer;
  stop: () => Promise<void>;
}

async function startShared(): Promise<Running> {
  const mailbox: Mailbox = await startMailbox();
  let server: RunningServer | undefined;
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
    const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
    const running = server;
    return {
      shared: { baseUrl: running.url, mailDir: mailbox.dir, databaseUrl },
      stop: async () => {
        await running.stop();
        await mailbox.close();
      },
    };
  } catch (error) {
    await server?.stop();
    await mailbox.close();
    throw error;
  }
}

/** How many workers run journeys at once: the project's maxWorkers, one for a run of a single file. */
function workerCount(project: TestProject): number {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (filters?.length === 1) return 1;
  return Math.max(1, project.config.maxWorkers);
}

/** A real server for each worker; all stopped (and their data removed) afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await prepareDataTemplate(CLI);
  // Read by startServer, here and in the workers (they inherit this process's environment).
  process.env[DATA_TEMPLATE_ENV] = template.dir;
  const started = await Promise.allSettled(Array.from({ length: workerCount(project) }, () => startShared()));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(running.map((server) => server.stop()));
    await template.remove();
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'sharedServers',
    running.map((server) => server.shared),
  );
  return stopAll;
}
