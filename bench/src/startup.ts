import { freePort, ServeProcess } from './serve-process.js';

const POLL_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 60_000;

export interface StartupOptions {
  /** Repository root, where `npm start` runs. */
  rootDir: string;
  /** PHAROS_DATA_DIR of the started servers. */
  dataDir: string;
}

/** Milliseconds from spawning `pharos serve` to the first 200 from GET /api/health. */
async function timeOneStart(options: StartupOptions): Promise<number> {
  // DATABASE_URL is left out: the warm data folder is what is measured.
  const server = await ServeProcess.start({ ...options, port: await freePort(), stopSignal: 'SIGINT', outputChunks: 20, pollMs: POLL_INTERVAL_MS, startTimeoutMs: START_TIMEOUT_MS });
  await server.stop();
  return server.listeningAt - server.spawnedAt;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface StartupResult {
  /** The first start, which initialises and migrates the data folder (not a warm start). */
  coldMs: number;
  warmMs: number[];
  medianMs: number;
}

/** One start to initialise the data folder, then `starts` timed warm starts. */
export async function measureStartup(options: StartupOptions, starts: number): Promise<StartupResult> {
  const coldMs = await timeOneStart(options);
  const warmMs: number[] = [];
  for (let i = 0; i < starts; i++) warmMs.push(await timeOneStart(options));
  return { coldMs, warmMs, medianMs: median(warmMs) };
}
