import type pg from 'pg';
import { seedStep } from '../seed-step.js';

export interface IncidentsSize {
  incidents: number;
  /** Components evidence points at (the list's component filter picks one). */
  components: number;
  people: number;
}

export const STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
export const TYPES = ['cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technicalDebt', 'reliability'] as const;
/** Words in titles; the list's search box looks for one of them. */
export const TITLE_WORDS = ['checkout', 'payments', 'search', 'login', 'orders', 'billing', 'inventory', 'shipping', 'catalog', 'reports', 'gateway', 'cache'] as const;

/** The ids of seeded rows, the same in every statement, so rows point at each other without look-ups. */
const id = (kind: string, n: string): string => `md5('bench-${kind}-' || ${n})::uuid`;

/**
 * `size.incidents` incidents as the screens and rules leave them, written in bulk with triggers off
 * (superuser: session_replication_role): statuses, severities and types spread evenly, created over
 * 90 days by a few people; each with a root hypothesis and a factor under it, a comment on each, three
 * evidences (the component, a check of it, a log of it; the first two in the definition of done), a
 * person and a team responder and its incident.created history row.
 */
export async function seedIncidents(pool: pg.Pool, size: IncidentsSize, log: (message: string) => void): Promise<void> {
  const db = await pool.connect();
  const step = seedStep(db, log);
  try {
    await db.query('set session_replication_role = replica');
    await db.query("set maintenance_work_mem = '256MB'");
    await db.query('set synchronous_commit = off');
    await step('people', `insert into people (id, name, email) select ${id('person', 'g')}, 'Bench Person ' || g, 'bench-person-' || g || '@example.com' from generate_series(1, $1::int) g`, [size.people]);
    await step('teams', `insert into teams (id, name, spec) select ${id('team', 'g')}, 'bench-team-' || g, '{"responder_clients": {"email": {}}}' from generate_series(1, 5) g`);
    await step('canary', `insert into canaries (id, name, namespace, source) values (${id('canary', "'1'")}, 'bench-incidents', 'bench', 'bench')`);
    await step(
      'components',
      `insert into components (id, name, type, status, health) select ${id('component', 'g')}, 'bench-service-' || g, 'Service', 'healthy', 'healthy' from generate_series(1, $1::int) g`,
      [size.components],
    );
    await step(
      'checks',
      `insert into checks (id, canary_id, type, name, status, last_transition_time) select ${id('check', 'g')}, ${id('canary', "'1'")}, 'http', 'bench-check-' || g, 'healthy', now() - interval '1 day' from generate_series(1, $1::int) g`,
      [size.components],
    );
    await step(
      'incidents',
      `insert into incidents (id, title, description, type, severity, status, commander_id, created_by, created_at, updated_at)
       select ${id('incident', 'g')},
              initcap(($2::text[])[1 + g % cardinality($2::text[])]) || ' degraded on bench-service-' || (1 + g % $6::int) || ' #' || g,
              'Seeded incident ' || g,
              ($3::text[])[1 + g % cardinality($3::text[])],
              ($4::text[])[1 + (g / 3) % cardinality($4::text[])],
              ($5::text[])[1 + (g / 7) % cardinality($5::text[])],
              ${id('person', `(1 + g % $7::int)::text`)},
              ${id('person', `(1 + (g / 11) % 5)::text`)},
              now() - (g % 129600) * interval '1 minute' - (g / 129600) * interval '1 second',
              now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g`,
      [size.incidents, TITLE_WORDS, TYPES, SEVERITIES, STATUSES, size.components, size.people],
    );
    await step(
      'hypotheses',
      `insert into hypotheses (id, incident_id, parent_id, title, type, status, created_by, created_at)
       select ${id('root', 'g')}, ${id('incident', 'g')}, null, 'Root cause of incident ' || g, 'root', 'possible', ${id('person', `(1 + (g / 11) % 5)::text`)}, i.created_at
         from generate_series(1, $1::int) g join incidents i on i.id = ${id('incident', 'g')}
       union all
       select ${id('factor', 'g')}, ${id('incident', 'g')}, ${id('root', 'g')}, 'A contributing factor', 'factor', 'likely', ${id('person', `(1 + (g / 11) % 5)::text`)}, i.created_at + interval '5 minutes'
         from generate_series(1, $1::int) g join incidents i on i.id = ${id('incident', 'g')}`,
      [size.incidents],
    );
    await step(
      'comments',
      `insert into comments (incident_id, hypothesis_id, comment, created_by, created_at)
       select ${id('incident', 'g')}, ${id(`' || k || '`, 'g')}, 'Looked at it: ' || k || ' ' || g, ${id('person', `(1 + g % $2::int)::text`)}, now() - (g % 129600) * interval '1 minute' + interval '10 minutes'
         from generate_series(1, $1::int) g, unnest(array['root', 'factor']) k`,
      [size.incidents, size.people],
    );
    await step(
      'evidences',
      `insert into evidences (hypothesis_id, type, description, component_id, check_id, evidence, definition_of_done, done, created_at)
       select ${id('root', 'g')}, 'topology', 'bench-service-' || c, ${id('component', 'c::text')}, null, '{}'::jsonb, true, g % 6 >= 4, now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g, lateral (select 1 + g % $2::int as c) x
       union all
       select ${id('root', 'g')}, 'check', 'bench-check-' || c || ' failing', null, ${id('check', 'c::text')}, '{}'::jsonb, true, g % 6 >= 4, now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g, lateral (select 1 + g % $2::int as c) x
       union all
       select ${id('factor', 'g')}, 'log', 'error lines', ${id('component', 'c::text')}, null,
              jsonb_build_object('lines', jsonb_build_array(jsonb_build_object('message', 'timeout talking to db', 'timestamp', now()))), false, false, now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g, lateral (select 1 + g % $2::int as c) x`,
      [size.incidents, size.components],
    );
    await step(
      'responders',
      `insert into responders (incident_id, type, person_id, team_id, properties, created_at)
       select ${id('incident', 'g')}, 'person', ${id('person', `(1 + g % $2::int)::text`)}, null, jsonb_build_object('responderType', 'person'), now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g
       union all
       select ${id('incident', 'g')}, 'system', null, ${id('team', `(1 + g % 5)::text`)}, jsonb_build_object('responderType', 'email', 'to', 'oncall@example.com', 'subject', 'Incident ' || g, 'body', 'Please look'), now() - (g % 129600) * interval '1 minute'
         from generate_series(1, $1::int) g`,
      [size.incidents, size.people],
    );
    await step(
      'histories',
      `insert into incident_histories (incident_id, type, description, properties, created_by, created_at)
       select i.id, 'incident.created', i.title, jsonb_build_object('status', i.status, 'severity', i.severity, 'type', i.type), i.created_by, i.created_at from incidents i`,
    );
    // What the incident_components triggers (migration 0036) would have kept, the load having bypassed them.
    await step(
      'incident components',
      `insert into incident_components (incident_id, component_ids)
       select i.id, coalesce(c.ids, '{}') from incidents i
         left join (select h.incident_id, array_agg(distinct e.component_id order by e.component_id) as ids
                      from hypotheses h join evidences e on e.hypothesis_id = h.id where e.component_id is not null group by h.incident_id) c on c.incident_id = i.id
       on conflict (incident_id) do update set component_ids = excluded.component_ids`,
    );
    await db.query('set session_replication_role = origin');
    await step('vacuumed and analysed', 'vacuum (analyze) incidents, incident_components, hypotheses, comments, evidences, responders, incident_histories, people, teams, components, checks');
  } finally {
    await db.query('reset session_replication_role').catch(() => undefined);
    db.release();
  }
}
