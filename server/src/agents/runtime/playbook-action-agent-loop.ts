import type pg from 'pg';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import type { Logger } from '../../logger.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import type { AgentLoop } from './loop.js';
import { startPlaybookActionLoop } from './playbook-actions.js';

interface PlaybookActionAgentLoopOptions {
  upstreamUrl: string;
  token: string;
  sandbox: ExpressionSandbox;
  secrets: ServerSecrets;
  logger: Logger;
  /** The agent's own database (the log backends a logs action reads). */
  pool: pg.Pool;
}

/** The playbook actions upstream gives this agent (`runsOn`), as one of the agent runtime's loops. */
export function playbookActionAgentLoop(options: PlaybookActionAgentLoopOptions): AgentLoop {
  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;
  return {
    name: 'playbook actions',
    start() {
      controller = new AbortController();
      running = startPlaybookActionLoop({
        upstreamUrl: options.upstreamUrl,
        token: options.token,
        signal: controller.signal,
        sandbox: options.sandbox,
        secrets: options.secrets,
        pool: options.pool,
        log: (message) => options.logger.warn(message),
      }).catch((error: unknown) => options.logger.error({ err: error }, 'The agent stopped taking playbook actions'));
    },
    async stop() {
      controller?.abort();
      await running;
    },
  };
}
