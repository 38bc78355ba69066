import type pg from 'pg';

export const RULES = 100;
/** Rules whose subjects are silenced (their groups), and rules with a repeat interval. */
export const SILENCED_GROUPS = [0, 1, 2, 3, 4];
export const REPEAT_GROUPS = [90, 91, 92, 93, 94, 95, 96, 97, 98, 99];
/** Of each repeat group, the checks already notified 10 minutes ago (their failure now repeats). */
export const ALREADY_SENT_PER_GROUP = 50;

export interface SeededCheck {
  id: string;
  name: string;
  group: number;
}

/** A canary with `count` healthy checks spread over the rules' groups (label group=gN). */
export async function seedChecks(pool: pg.Pool, canary: string, count: number): Promise<SeededCheck[]> {
  const { rows: canaries } = await pool.query<{ id: string }>("insert into canaries (name, namespace, spec) values ($1, 'bench', '{}') returning id", [canary]);
  const { rows } = await pool.query<{ id: string; name: string; grp: number }>(
    `insert into checks (canary_id, type, name, labels, status)
     select $1, 'http', $2 || '-' || n, jsonb_build_object('group', 'g' || (n % ${RULES})), 'healthy'
       from generate_series(0, $3 - 1) as n
     returning id, name, (labels ->> 'group')::text as grp`,
    [canaries[0]!.id, canary, count],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, group: Number(String(row.grp).slice(1)) }));
}

/**
 * 100 rules on check.failed, each with a CEL filter picking its group and its own webhook; the
 * repeat groups' rules repeat at most hourly, and half their checks were notified 10 minutes ago;
 * a silence mutes the checks of the silenced groups.
 */
export async function seedRules(pool: pg.Pool, hookUrl: string, checks: readonly SeededCheck[]): Promise<string[]> {
  const ids: string[] = [];
  for (let rule = 0; rule < RULES; rule++) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into notifications (name, events, filter, title, template, custom_services, repeat_interval, source)
       values ($1, '{check.failed}', $2, '{{.check.name}}', 'Check {{.check.name}} of {{.canary.name}} failed: {{.permalink}}', $3, $4, 'bench') returning id`,
      [`bench-${rule}`, `check.labels.group == 'g${rule}'`, JSON.stringify([{ name: 'hook', url: `${hookUrl}/hook/${rule}` }]), REPEAT_GROUPS.includes(rule) ? '1h' : null],
    );
    ids.push(rows[0]!.id);
  }
  await pool.query(`insert into notification_silences (name, "until", selectors, source) values ('bench silence', now() + interval '1 day', $1, 'bench')`, [
    JSON.stringify([{ type: 'check', labels: `group in (${SILENCED_GROUPS.map((group) => `g${group}`).join(',')})` }]),
  ]);
  const sentBefore = REPEAT_GROUPS.flatMap((group) => checks.filter((check) => check.group === group).slice(0, ALREADY_SENT_PER_GROUP));
  await pool.query(
    `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, resource_name, recipient, attempts, created_at)
     select (array[${ids.map((id) => `'${id}'::uuid`).join(',')}])[g + 1], 'sent', 'check.failed', id, 'check', name, $4 || '/hook/' || g, 1, now() - interval '10 minutes'
       from unnest($1::uuid[], $2::text[], $3::int[]) as s(id, name, g)`,
    [sentBefore.map((check) => check.id), sentBefore.map((check) => check.name), sentBefore.map((check) => check.group), hookUrl],
  );
  return ids;
}

/** The outcome each check's failure must have. */
export function expectedStatus(check: SeededCheck, alreadySent: ReadonlySet<string>): 'sent' | 'silenced' | 'repeat-interval' {
  if (SILENCED_GROUPS.includes(check.group)) return 'silenced';
  if (alreadySent.has(check.id)) return 'repeat-interval';
  return 'sent';
}
