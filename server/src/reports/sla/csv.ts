import type { SlaReport } from '@pharos/core';

const COLUMNS = [
  'name', 'checks', 'uptime_percent', 'passed', 'failed', 'latency_avg_ms', 'latency_max_ms',
  'downtime_seconds', 'budget_seconds', 'budget_burned_percent', 'budget_remaining_seconds', 'breached', 'downtime_windows',
] as const;

/**
 * The report as CSV, a row per check or group; names people wrote are escaped so a spreadsheet
 * never runs them as formulas.
 */
export async function slaCsv(report: SlaReport): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = report.rows.map((row) => [
    row.name, row.checks, row.uptime ?? '', row.passed, row.failed, row.latency_avg_ms ?? '', row.latency_max_ms ?? '',
    row.downtime_seconds, row.budget_seconds, row.budget_burned, row.budget_remaining_seconds, row.breached,
    row.windows.map((window) => `${window.start}/${window.end}`).join(' '),
  ]);
  return stringify(records, { header: true, columns: [...COLUMNS], escape_formulas: true, cast: { boolean: (value) => String(value) } });
}

/** `sla-2026-01-01-2026-01-31.csv` */
export function slaFileName(report: SlaReport, extension: 'csv' | 'pdf'): string {
  return `sla-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.${extension}`;
}
