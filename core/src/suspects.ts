/** What a change did, as far as its type tells. */
export type ChangeKind = 'deployment' | 'config' | 'scaling' | 'restart' | 'other';

/** A change that could explain a transition (`GET /api/suspects`), with why it ranks where it does. */
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
