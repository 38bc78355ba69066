/** `GET /api/reports/sla`: what the server answers and the web app shows. */

/** One stretch of buckets with failures, back to back. */
export interface DowntimeWindow {
  start: string;
  end: string;
  failed: number;
  passed: number;
}

export interface SlaRow {
  key: string;
  name: string;
  checks: number;
  passed: number;
  failed: number;
  /** Percent of the passed and failed results that passed; null when nothing ran. */
  uptime: number | null;
  latency_avg_ms: number | null;
  latency_max_ms: number | null;
  /** The period's length times the share of failed results. */
  downtime_seconds: number;
  /** What the target allows down over the period, how much of it is used (percent) and what is left. */
  budget_seconds: number;
  budget_burned: number;
  budget_remaining_seconds: number;
  breached: boolean;
  windows: DowntimeWindow[];
}

export interface SlaReport {
  from: string;
  to: string;
  resolution: 'hour' | 'day' | 'month';
  group_by: string;
  target: number;
  total: number;
  rows: SlaRow[];
}
