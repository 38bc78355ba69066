import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import { removeSchedule, saveSchedule } from '../../engine/schedules.js';
import type { SlaScheduleInput } from './schedule-input.js';

export const SLA_REPORT_MAIL = 'SlaReportMail';

export interface SlaSchedule extends SlaScheduleInput {
  id: string;
  created_by: string | null;
  created_at: string;
  last_sent_at: string | null;
}

const COLUMNS = 'id, name, schedule, recipients, report, created_by, created_at, last_sent_at';
const scheduleKey = (id: string) => `sla-report:${id}`;

export async function listSlaSchedules(pool: pg.Pool): Promise<SlaSchedule[]> {
  const { rows } = await pool.query<SlaSchedule>(`select ${COLUMNS} from sla_report_schedules order by name, created_at`);
  return rows;
}

export async function loadSlaSchedule(pool: pg.Pool, id: string): Promise<SlaSchedule | null> {
  const { rows } = await pool.query<SlaSchedule>(`select ${COLUMNS} from sla_report_schedules where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Saves the schedule and its job schedule together: both or neither. */
export async function createSlaSchedule(pool: pg.Pool, input: SlaScheduleInput, createdBy: string): Promise<SlaSchedule> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<SlaSchedule>(
      `insert into sla_report_schedules (name, schedule, recipients, report, created_by) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
      [input.name, input.schedule, input.recipients, input.report, createdBy],
    );
    const saved = rows[0]!;
    await saveSchedule(client, {
      key: scheduleKey(saved.id),
      task: SLA_REPORT_MAIL,
      schedule: saved.schedule,
      payload: { id: saved.id },
      history: { name: SLA_REPORT_MAIL, resourceId: saved.id, resourceType: 'sla_report', resourceName: saved.name },
    });
    return saved;
  });
}

/** False when there was no such schedule. */
export async function deleteSlaSchedule(pool: pg.Pool, id: string): Promise<boolean> {
  return transaction(pool, async (client) => {
    const removed = await client.query('delete from sla_report_schedules where id = $1', [id]);
    await removeSchedule(client, scheduleKey(id));
    return (removed.rowCount ?? 0) > 0;
  });
}
