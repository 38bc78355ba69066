import { durationMs, nextTick, parseSchedule, ScheduleError } from '@pharos/core';
import { SlaRequestError, parseSlaRequest } from './request.js';

/** What a scheduled report holds: how to build it (period back from each send) and whom to mail it. */
export interface SlaScheduleInput {
  name: string;
  schedule: string;
  recipients: string[];
  report: { period: string; group_by: string; target: number; format: 'csv' | 'pdf' };
}

const MIN_GAP_MS = 3_600_000;
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const KNOWN = new Set(['name', 'schedule', 'recipients', 'report']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schedule mailing reports more often than hourly is refused: reports are for people, not pagers. */
function checkGap(schedule: string): void {
  let parsed;
  try {
    parsed = parseSchedule(schedule);
  } catch (error) {
    if (error instanceof ScheduleError) throw new SlaRequestError(error.message);
    throw error;
  }
  let tick = nextTick(parsed, new Date());
  for (let index = 0; index < 3; index += 1) {
    const next = nextTick(parsed, tick);
    if (next.getTime() - tick.getTime() < MIN_GAP_MS) throw new SlaRequestError(`"${schedule}" mails too often: a report is sent at most once an hour`);
    tick = next;
  }
}

/** The body of `POST /api/reports/sla/schedules`, checked field by field. */
export function parseSlaSchedule(body: unknown): SlaScheduleInput {
  if (!isRecord(body)) throw new SlaRequestError('Send a JSON object with name, schedule, recipients and report');
  const unknown = Object.keys(body).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) throw new SlaRequestError(`Unknown field ${unknown.join(', ')}: give name, schedule, recipients and report`);
  const { name, schedule, recipients, report } = body;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 100) throw new SlaRequestError('name is required (at most 100 characters)');
  if (typeof schedule !== 'string') throw new SlaRequestError('schedule is required, e.g. "@weekly" or "0 8 * * 1"');
  checkGap(schedule);
  if (!Array.isArray(recipients) || recipients.length === 0 || recipients.length > 50) throw new SlaRequestError('recipients must list 1 to 50 email addresses');
  const bad = recipients.filter((address) => typeof address !== 'string' || !EMAIL.test(address));
  if (bad.length > 0) throw new SlaRequestError(`Not an email address: ${bad.map(String).join(', ')}`);
  const shape = isRecord(report) ? report : {};
  const period = typeof shape['period'] === 'string' ? shape['period'] : '30d';
  if (durationMs(period) === undefined) throw new SlaRequestError(`report.period must be a duration such as 7d or 30d, not '${period}'`);
  const format = shape['format'] ?? 'pdf';
  if (format !== 'csv' && format !== 'pdf') throw new SlaRequestError(`report.format must be csv or pdf, not '${String(format)}'`);
  const groupBy = typeof shape['group_by'] === 'string' ? shape['group_by'] : 'check';
  const target = shape['target'] === undefined ? 99.9 : Number(shape['target']);
  // The report's own rules (group_by, target, period length) are those of the report route.
  parseSlaRequest({ period, group_by: groupBy, target: String(target) });
  return { name: name.trim(), schedule: schedule.trim(), recipients: recipients as string[], report: { period, group_by: groupBy, target, format } };
}
