import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { JobDefinition } from '../../engine/job.js';
import { slaCsv, slaFileName } from './csv.js';
import type { SlaReport } from '@pharos/core';
import { measureSla } from './measure.js';
import { slaPdf } from './pdf.js';
import { parseSlaRequest } from './request.js';
import { loadSlaSchedule, SLA_REPORT_MAIL } from './schedules.js';

export interface MailSettings {
  smtpUrl: string | undefined;
  smtpFrom: string;
}

function summary(report: SlaReport, name: string): string {
  const breached = report.rows.filter((row) => row.breached);
  const lines = [
    `${name}: SLA report from ${report.from} to ${report.to} (UTC), by ${report.group_by}, target ${report.target} %.`,
    '',
    breached.length === 0 ? 'Every row met the target.' : `${breached.length} of ${report.rows.length} rows are below the target:`,
    ...breached.slice(0, 20).map((row) => `- ${row.name}: ${row.uptime ?? '—'} % up, ${row.budget_burned} % of the error budget used`),
    '',
    'The whole report is attached.',
  ];
  return lines.join('\n');
}

/**
 * Builds a scheduled report for the period back from the tick and mails it to its recipients. One
 * attempt only: a failed send is recorded in job history rather than retried into a second copy.
 */
export function slaReportMailJob(pool: pg.Pool, mail: MailSettings): JobDefinition<{ id?: string }> {
  return {
    name: SLA_REPORT_MAIL,
    maxAttempts: 1,
    timeoutMs: 5 * 60_000,
    async run(payload, context) {
      const schedule = payload.id ? await loadSlaSchedule(pool, payload.id) : null;
      if (!schedule) return { status: 'SUCCESS', details: { summary: { skipped: 'the schedule was deleted' } } };
      if (!mail.smtpUrl) throw new Error('SMTP_URL is not set: scheduled SLA reports cannot be mailed');
      const now = context.tick ?? new Date();
      const { period, group_by, target, format } = schedule.report;
      const request = parseSlaRequest({ period, group_by, target: String(target), to: now.toISOString(), limit: '10000' }, now);
      const report = await measureSla(pool, request, now);
      const content = format === 'csv' ? Buffer.from(await slaCsv(report)) : await slaPdf(report);
      const transport = nodemailer.createTransport(mail.smtpUrl);
      try {
        await transport.sendMail({
          from: mail.smtpFrom,
          to: schedule.recipients,
          subject: `SLA report: ${schedule.name}`,
          text: summary(report, schedule.name),
          attachments: [{ filename: slaFileName(report, format), content, contentType: format === 'csv' ? 'text/csv' : 'application/pdf' }],
        });
      } finally {
        transport.close();
      }
      await pool.query('update sla_report_schedules set last_sent_at = now() where id = $1', [schedule.id]);
      return { successCount: schedule.recipients.length, details: { summary: { rows: report.rows.length, recipients: schedule.recipients.length } } };
    },
  };
}
