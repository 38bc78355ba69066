/**
 * One worker process of `npm run bench:playbooks`: the real Engine with the playbook area (the
 * PlaybookRun job and its sandbox) and a bare job that only notes when it was picked up, for the
 * baseline. The parent asks for the pickups over IPC ('report') and stops it ('stop').
 */
import pg from 'pg';
import { Registry } from 'prom-client';
import { createLogger, Engine, ExpressionSandbox, loadEngineConfig, registerPlaybooks, ServerSecrets } from './server.js';

export type PlaybooksWorkerMessage = 'report' | 'stop';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pickups: number[] = [];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 12 });
const sandbox = new ExpressionSandbox();
const engine = new Engine({ pool, logger: createLogger('warn', 'stderr'), metrics: new Registry(), config: loadEngineConfig() });
registerPlaybooks(engine, { pool, sandbox, secrets: new ServerSecrets(Buffer.alloc(32, 7)) });
engine.define<{ sentAt: number }>({
  name: 'bench.pickup',
  run: async ({ sentAt }) => {
    pickups.push(Date.now() - sentAt);
  },
});

await engine.start();
process.on('message', (message: PlaybooksWorkerMessage) => {
  if (message === 'report') {
    process.send?.([...pickups]);
    pickups.length = 0;
  } else if (message === 'stop') {
    void engine
      .stop()
      .then(() => sandbox.close())
      .then(() => pool.end())
      .then(() => process.exit(0));
  }
});
process.send?.('ready');
