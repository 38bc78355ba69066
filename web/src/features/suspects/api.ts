import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { SuspectAnchor } from '../../ui/resource-extensions';
import type { ChangeKind, Suspect } from '@pharos/core';

export type { ChangeKind, Suspect };

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
