import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { SuspectAnchor } from '../../ui/resource-extensions';

/** What a change did, as far as its type tells. */
export type ChangeKind = 'deployment' | 'config' | 'scaling' | 'restart' | 'other';

/** A change of `GET /api/suspects`, with its score and the parts it is made of. */
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
  distance: number;
  diff: string | null;
  patches: unknown;
  score: number;
  scores: { time: number; graph: number; severity: number; kind: number };
}

export interface SuspectsAnswer {
  anchor: { kind: 'check' | 'component' | 'incident'; id: string; name: string; transition_at: string };
  window: string;
  from: string;
  configs_searched: number;
  truncated: boolean;
  suspects: Suspect[];
}

/** The windows a person may pick; the server takes any from 1m to 7d. */
export const SUSPECT_WINDOWS = ['15m', '1h', '6h', '1d'] as const;
export type SuspectWindow = (typeof SUSPECT_WINDOWS)[number];
export const DEFAULT_SUSPECT_WINDOW: SuspectWindow = '1h';

export const suspectKeys = {
  all: ['suspects'] as const,
  list: (anchor: SuspectAnchor, window: string) => [...suspectKeys.all, anchor, window] as const,
};

/** `GET /api/suspects?check_id=|component_id=|incident_id=&window=`: the ranked changes. */
export function useSuspects(anchor: SuspectAnchor, window: string) {
  return useQuery({
    queryKey: suspectKeys.list(anchor, window),
    queryFn: ({ signal }) => http.get<SuspectsAnswer>('/api/suspects', { query: { ...anchor, window }, signal }),
    enabled: Boolean(anchor.check_id || anchor.component_id || anchor.incident_id),
  });
}
