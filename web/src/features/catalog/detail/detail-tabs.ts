import type { ConfigSummaryCounts } from './detail-api';

/** The detail page's tabs, each a route under /catalog/{id} (spec 2 §2). */
export const DETAIL_TABS = ['config', 'changes', 'insights', 'relationships', 'playbooks', 'checks'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export const DETAIL_TAB_LABELS: Record<DetailTab, string> = {
  config: 'Config',
  changes: 'Changes',
  insights: 'Insights',
  relationships: 'Relationships',
  playbooks: 'Playbooks',
  checks: 'Checks',
};

/** The count of the config summary each tab shows (Config has none). */
export const DETAIL_TAB_COUNTS: Record<DetailTab, keyof ConfigSummaryCounts | null> = {
  config: null,
  changes: 'changes',
  insights: 'analysis',
  relationships: 'relationships',
  playbooks: 'playbook_runs',
  checks: 'checks',
};

/** The route of a tab: /catalog/{id} for Config, /catalog/{id}/{tab} for the others. */
export function tabPath(id: string, tab: DetailTab): string {
  const base = `/catalog/${encodeURIComponent(id)}`;
  return tab === 'config' ? base : `${base}/${tab}`;
}

/** The tab a path shows: its last segment when that names a tab, else Config. */
export function tabOfPath(pathname: string): DetailTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (DETAIL_TABS as readonly string[]).includes(last) && last !== 'config' ? (last as DetailTab) : 'config';
}
