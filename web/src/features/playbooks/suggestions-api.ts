import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { hasTarget, PLAYBOOK_API, playbookKeys, type Playbook, type RunTarget } from './api';

/** A playbook of `GET /api/playbook/suggestions`: it matches the resource, and fixed it `fixes` times of its `runs` on it. */
export interface SuggestedFix extends Playbook {
  runs: number;
  fixes: number;
  last_fixed_at: string | null;
}

/** The playbooks that can run on the resource, those that fixed its failure most often before first. */
export function useSuggestedFixes(target: RunTarget) {
  return useQuery({
    queryKey: [...playbookKeys.forResource(target), 'suggestions'] as const,
    queryFn: ({ signal }) => http.get<SuggestedFix[]>(`${PLAYBOOK_API}/suggestions`, { query: { ...target }, signal }),
    enabled: hasTarget(target),
  });
}
