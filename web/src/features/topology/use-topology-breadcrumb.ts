import type { TopologyComponent } from '@pharos/core';
import { useBreadcrumb } from '../../app/breadcrumb';
import type { Crumb } from '../../app/route-handle';
import { useComponentNames } from './topology-api';
import { componentPath } from './topology-params';

const idsOfPath = (path: string | null | undefined) => (path ?? '').split('.').filter(Boolean);

/** The query of the dashboard without the referer (which belongs to one component's page). */
function dashboardQuery(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('refererId');
  return next;
}

/**
 * The header's breadcrumb: Dashboard, then the selected component's ancestors (from its path; or,
 * when it was reached from a component that is not its ancestor, that `refererId` and its path),
 * then the component itself.
 */
export function useTopologyBreadcrumb(selected: TopologyComponent | undefined, refererId: string, search: URLSearchParams): void {
  const ancestors = idsOfPath(selected?.path).filter((id) => id !== selected?.id);
  const useReferer = refererId !== '' && selected !== undefined && refererId !== selected.id && !ancestors.includes(refererId);
  const wanted = [...new Set([...ancestors, ...(useReferer ? [refererId] : [])])].sort();
  const names = useComponentNames(wanted);
  const rows = new Map((names.data ?? []).map((row) => [row.id, row]));
  const referer = useReferer ? rows.get(refererId) : undefined;
  const refererAncestors = idsOfPath(referer?.path).filter((id) => id !== refererId && !rows.has(id));
  const more = useComponentNames(refererAncestors);
  for (const row of more.data ?? []) rows.set(row.id, row);
  const chain = referer ? [...idsOfPath(referer.path).filter((id) => id !== refererId), refererId] : ancestors;
  const base = dashboardQuery(search);
  const query = base.toString();
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: `/topology${query ? `?${query}` : ''}` }];
  if (selected) {
    for (const id of chain) crumbs.push({ label: rows.get(id)?.name ?? '…', to: componentPath(id, base) });
    crumbs.push({ label: selected.title || selected.name });
  }
  useBreadcrumb(crumbs);
}
