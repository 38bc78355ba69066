import type pg from 'pg';
import { kindCase, kindPatterns, kindWeight, SCORE_WEIGHTS, severityWeight, type ChangeKind } from './kinds.js';

/** A change that could explain the transition, with why it ranks where it does. */
export interface Suspect {
  id: string;
  config_id: string;
  config_name: string | null;
  config_type: string;
  change_type: string;
  kind: ChangeKind;
  severity: string | null;
  summary: string | null;
  source: string | null;
  created_at: string;
  /** Hops from the anchor in the relationship graph: 0 is one of its own configs. */
  distance: number;
  diff: string | null;
  patches: unknown;
  score: number;
  scores: { time: number; graph: number; severity: number; kind: number };
}

/** A config's most recent changes in the window that are weighed; older ones of a config this busy are left out. */
export const CHANGES_PER_CONFIG = 50;

interface Candidate {
  id: string;
  config_id: string;
  change_type: string;
  severity: string | null;
  created_at: Date;
  distance: number;
  kind: ChangeKind;
}

// Candidates come from an index range scan per config (config_id, created_at); scoring in SQL keeps only the top rows' diffs read.
const RANKED = `
  WITH nodes AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS n(config_id, distance)),
  candidates AS (
    SELECT ch.id, ch.config_id, ch.change_type, ch.severity, ch.created_at, n.distance, ${kindCase('ch.change_type', 5)} AS kind
      FROM nodes n
      JOIN configs c ON c.id = n.config_id AND c.deleted_at IS NULL
      CROSS JOIN LATERAL (
        SELECT id, config_id, change_type, severity, created_at FROM config_changes ch
         WHERE ch.config_id = n.config_id AND ch.created_at > $3 AND ch.created_at <= $4
         ORDER BY ch.created_at DESC LIMIT ${CHANGES_PER_CONFIG}) ch
  )
  SELECT * FROM candidates`;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The score of one change: closeness in time and in the graph, severity and kind, each from 0 to 1, weighed. */
export function scoreOf(candidate: { created_at: Date; distance: number; severity: string | null; kind: ChangeKind }, transitionAt: Date, windowMs: number): Suspect['scores'] & { total: number } {
  const before = Math.max(0, transitionAt.getTime() - candidate.created_at.getTime());
  const time = Math.max(0, 1 - before / windowMs);
  const graph = 1 / (1 + candidate.distance);
  const severity = severityWeight(candidate.severity);
  const kind = kindWeight(candidate.kind);
  const total = SCORE_WEIGHTS.time * time + SCORE_WEIGHTS.graph * graph + SCORE_WEIGHTS.severity * severity + SCORE_WEIGHTS.kind * kind;
  return { time: round(time), graph: round(graph), severity, kind, total: round(total) };
}

/** The changes of the configs met, in the window before the transition, best suspect first, at most `limit`. */
export async function rankSuspects(pool: pg.Pool, configs: Map<string, number>, transitionAt: Date, windowMs: number, limit: number): Promise<Suspect[]> {
  if (configs.size === 0) return [];
  const from = new Date(transitionAt.getTime() - windowMs);
  const { rows } = await pool.query<Candidate>(RANKED, [[...configs.keys()], [...configs.values()], from, transitionAt, ...kindPatterns()]);
  const top = rows
    .map((candidate) => ({ candidate, scores: scoreOf(candidate, transitionAt, windowMs) }))
    .sort((a, b) => b.scores.total - a.scores.total || b.candidate.created_at.getTime() - a.candidate.created_at.getTime())
    .slice(0, limit);
  if (top.length === 0) return [];
  const { rows: details } = await pool.query<{ id: string; config_name: string | null; config_type: string; summary: string | null; source: string | null; diff: string | null; patches: unknown }>(
    `SELECT ch.id, c.name AS config_name, c.type AS config_type, ch.summary, ch.source, ch.diff, ch.patches
       FROM config_changes ch JOIN configs c ON c.id = ch.config_id WHERE ch.id = ANY($1::uuid[])`,
    [top.map(({ candidate }) => candidate.id)],
  );
  const byId = new Map(details.map((detail) => [detail.id, detail]));
  return top.flatMap(({ candidate, scores }) => {
    const detail = byId.get(candidate.id);
    if (!detail) return [];
    const { total, ...parts } = scores;
    return [{
      id: candidate.id,
      config_id: candidate.config_id,
      config_name: detail.config_name,
      config_type: detail.config_type,
      change_type: candidate.change_type,
      kind: candidate.kind,
      severity: candidate.severity,
      summary: detail.summary,
      source: detail.source,
      created_at: candidate.created_at.toISOString(),
      distance: candidate.distance,
      diff: detail.diff,
      patches: detail.patches,
      score: total,
      scores: parts,
    }];
  });
}
