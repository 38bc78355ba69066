import type pg from 'pg';
import type { Seeds } from './anchor.js';
import { neighbourhoodCtes } from './graph.js';
import { CHANGE_KINDS, kindCase, kindPatterns, OTHER_KIND_WEIGHT, SCORE_WEIGHTS, SEVERITY_WEIGHTS } from './kinds.js';
import type { ChangeKind, Suspect } from '@pharos/core';

export type { Suspect };

export interface Ranking {
  suspects: Suspect[];
  /** The configs met within the hops walked. */
  configs: number;
  truncated: boolean;
}

/** A config's most recent changes in the window that are weighed; older ones of a config this busy are left out. */
export const CHANGES_PER_CONFIG = 50;

const severityCase = `CASE ch.severity ${Object.entries(SEVERITY_WEIGHTS).map(([name, weight]) => `WHEN '${name}' THEN ${weight}`).join(' ')} ELSE ${SEVERITY_WEIGHTS['info']} END`;
const kindWeightCase = `CASE kind ${CHANGE_KINDS.map((entry) => `WHEN '${entry.kind}' THEN ${entry.weight}`).join(' ')} ELSE ${OTHER_KIND_WEIGHT} END`;

// One statement: the walk, an index range scan (config_id, created_at) per config met, the scores, and
// the diffs of the top rows only. $4/$5: the window's start and end, $6: its milliseconds, $7: the limit.
const RANKED = `
  WITH ${neighbourhoodCtes()},
  candidates AS (
    SELECT ch.id, ch.config_id, ch.change_type, ch.severity, ch.created_at, n.distance, ${kindCase('ch.change_type', 8)} AS kind,
           greatest(0, 1 - extract(epoch FROM ($5::timestamptz - ch.created_at)) * 1000 / $6::float8) AS time_score,
           1.0 / (1 + n.distance) AS graph_score,
           ${severityCase} AS severity_score
      FROM (SELECT config_id, min(distance) AS distance FROM nodes GROUP BY config_id) n
      JOIN configs c ON c.id = n.config_id AND c.deleted_at IS NULL
      CROSS JOIN LATERAL (
        SELECT id, config_id, change_type, severity, created_at FROM config_changes ch
         WHERE ch.config_id = n.config_id AND ch.created_at > $4 AND ch.created_at <= $5
         ORDER BY ch.created_at DESC LIMIT ${CHANGES_PER_CONFIG}) ch
  ),
  scored AS (
    SELECT candidates.*, ${kindWeightCase} AS kind_score FROM candidates
  ),
  top AS (
    SELECT scored.*, ${SCORE_WEIGHTS.time} * time_score + ${SCORE_WEIGHTS.graph} * graph_score + ${SCORE_WEIGHTS.severity} * severity_score
                     + ${SCORE_WEIGHTS.kind} * kind_score AS score
      FROM scored ORDER BY score DESC, created_at DESC LIMIT $7
  )
  SELECT t.*, c.name AS config_name, c.type AS config_type, ch.summary, ch.source, ch.diff, ch.patches,
         (SELECT count(DISTINCT config_id) FROM nodes)::int AS configs, (SELECT truncated FROM walk_truncated) AS truncated
    FROM walk_truncated w
    LEFT JOIN top t ON true
    LEFT JOIN configs c ON c.id = t.config_id
    LEFT JOIN config_changes ch ON ch.id = t.id
   ORDER BY t.score DESC, t.created_at DESC`;

interface Row {
  id: string | null;
  config_id: string;
  change_type: string;
  severity: string | null;
  created_at: Date;
  distance: number;
  kind: ChangeKind;
  time_score: number;
  graph_score: string;
  severity_score: string;
  kind_score: string;
  score: number;
  config_name: string | null;
  config_type: string;
  summary: string | null;
  source: string | null;
  diff: string | null;
  patches: unknown;
  configs: number;
  truncated: boolean;
}

const round = (value: number | string) => Math.round(Number(value) * 1000) / 1000;

/** The changes of the configs within reach of the seeds, in the window before the transition, best suspect first, at most `limit`. */
export async function rankSuspects(pool: pg.Pool, seeds: Seeds, transitionAt: Date, windowMs: number, limit: number): Promise<Ranking> {
  const from = new Date(transitionAt.getTime() - windowMs);
  // Named, so each connection plans this long statement once.
  const { rows } = await pool.query<Row>({ name: 'suspects-ranked', text: RANKED, values: [seeds.configs, seeds.components, seeds.checks, from, transitionAt, windowMs, limit, ...kindPatterns()] });
  const first = rows[0];
  const suspects = rows.flatMap((row): Suspect[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            config_id: row.config_id,
            config_name: row.config_name,
            config_type: row.config_type,
            change_type: row.change_type,
            kind: row.kind,
            severity: row.severity,
            summary: row.summary,
            source: row.source,
            created_at: row.created_at.toISOString(),
            distance: row.distance,
            diff: row.diff,
            patches: row.patches,
            score: round(row.score),
            scores: { time: round(row.time_score), graph: round(row.graph_score), severity: round(row.severity_score), kind: round(row.kind_score) },
          },
        ],
  );
  return { suspects, configs: first?.configs ?? 0, truncated: first?.truncated ?? false };
}
