import type pg from 'pg';
import type { ExpressionSandbox } from '../expressions/sandbox.js';

/** What the incidents area's background work needs. */
export interface IncidentOptions {
  pool: pg.Pool;
  /** Definition-of-done scripts and incident rule filters and templates run here. */
  sandbox: ExpressionSandbox;
  /** How often evidence scripts are evaluated and incident rules run (default `@every 30s`). */
  schedule?: string;
}

export const DEFAULT_INCIDENT_SCHEDULE = '@every 30s';
