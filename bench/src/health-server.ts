import { ServeProcess } from './serve-process.js';

export interface HealthServerOptions {
  rootDir: string;
  dataDir: string;
  databaseUrl: string;
  port: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs: readonly string[];
}

/** `pharos serve` as a child on a given database, logging at warn level; stopped with SIGTERM. */
export type HealthServer = ServeProcess;
export const HealthServer = {
  start: (options: HealthServerOptions): Promise<HealthServer> => ServeProcess.start({ ...options, logLevel: 'warn' }),
};
