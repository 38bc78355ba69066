/**
 * One worker process of `npm run bench:jobs`: the real Engine (default PHAROS_JOB_CONCURRENCY) with
 * a job and an event consumer that only note what they were given, so the figures are the engine's
 * own. The parent asks for the notes over IPC ('report') and stops it ('stop').
 */
import pg from 'pg';
import { Registry } from 'prom-client';
import { createLogger, Engine, loadEngineConfig } from './server.js';

export interface WorkerReport {
  /** Job numbers run, in order (a number twice is a duplicate). */
  jobs: number[];
  /** For jobs sent while the workers were idle: ms from sending to the job starting. */
  jobPickups: number[];
  events: number[];
  eventPickups: number[];
}

export type WorkerMessage = 'report' | 'stop';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const report: WorkerReport = { jobs: [], jobPickups: [], events: [], eventPickups: [] };
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const engine = new Engine({ pool, logger: createLogger('warn', 'stderr'), metrics: new Registry(), config: loadEngineConfig() });

interface Sent {
  n: number;
  /** Date.now() when sent, for pickup latency; absent in the throughput runs. */
  sentAt?: number;
}

engine.define<Sent>({
  name: 'bench.job',
  run: async ({ n, sentAt }) => {
    if (sentAt !== undefined) report.jobPickups.push(Date.now() - sentAt);
    report.jobs.push(n);
  },
});
engine.events.on(['bench.event'], async (event) => {
  const { n, sentAt } = event.properties as unknown as Sent;
  if (sentAt !== undefined) report.eventPickups.push(Date.now() - sentAt);
  report.events.push(n);
});

await engine.start();
process.on('message', (message: WorkerMessage) => {
  if (message === 'report') {
    process.send?.({ ...report });
    report.jobs = [];
    report.jobPickups = [];
    report.events = [];
    report.eventPickups = [];
  } else if (message === 'stop') {
    void engine
      .stop()
      .then(() => pool.end())
      .then(() => process.exit(0));
  }
});
process.send?.('ready');
