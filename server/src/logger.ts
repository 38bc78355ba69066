import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/** One logger for the whole process; Fastify reuses it through `loggerInstance`. */
export function createLogger(level: LogLevel, destination: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino({ level }, pino.destination(destination === 'stdout' ? 1 : 2));
}

/** For tests and library use: drops everything. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
