import { useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';

/** The detail page's keys start with 'catalog', so invalidating the catalog refreshes them too. */
export const detailKeys = {
  all: ['catalog', 'detail'] as const,
  config: (id: string) => [...detailKeys.all, 'config', id] as const,
  lastScraped: (id: string) => [...detailKeys.all, 'last-scraped', id] as const,
  checks: (id: string) => [...detailKeys.all, 'checks', id] as const,
};

/** Spec 2 §9: catalog data stays fresh for five minutes. */
const CATALOG_STALE_TIME = 300_000;

/** The counts of the detail page's tabs, from `config_detail.summary`. */
export interface ConfigSummaryCounts {
  changes: number;
  analysis: number;
  relationships: number;
  playbook_runs: number;
  checks: number;
}

/** A row of `config_detail`: the config with its scraper, agent and tab counts. */
export interface ConfigDetail {
  id: string;
  name: string | null;
  type: string;
  config_class: string | null;
  status: string | null;
  health: string | null;
  description: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  config: unknown;
  format: string | null;
  source: string | null;
  external_id: string | null;
  scraper_id: string | null;
  agent_id: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  last_scraped_time: string | null;
  config_scrapers: { id: string; name: string } | null;
  agent: { id: string | null; name: string | null } | null;
  summary: ConfigSummaryCounts | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a config at all (anything else is simply not found). */
export const isConfigId = (id: string) => UUID.test(id);

/** `GET /config_detail?id=eq.{id}`: the config, or null when there is none. */
export function useConfigDetail(id: string) {
  return useQuery({
    queryKey: detailKeys.config(id),
    queryFn: async ({ signal }): Promise<ConfigDetail | null> => {
      if (!isConfigId(id)) return null;
      const { data } = await db.from('config_detail').select('*').eq('id', id).abortSignal(signal).throwOnError();
      return ((data ?? []) as ConfigDetail[])[0] ?? null;
    },
    staleTime: CATALOG_STALE_TIME,
  });
}

/**
 * When a scrape last saw the item (`config_items_last_scraped_time`; a scrape that finds it
 * unchanged does not rewrite the config, so the config's own column lags).
 */
export function useLastScraped(id: string, enabled: boolean) {
  return useQuery({
    queryKey: detailKeys.lastScraped(id),
    queryFn: async ({ signal }): Promise<string | null> => {
      const { data } = await db
        .from('config_items_last_scraped_time')
        .select('last_scraped_time')
        .eq('config_id', id)
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as { last_scraped_time: string }[])[0]?.last_scraped_time ?? null;
    },
    enabled,
    staleTime: CATALOG_STALE_TIME,
    meta: { errorToast: false },
  });
}

export interface ConfigCheck {
  id: string;
  name: string;
  type: string;
  icon: string | null;
  status: string | null;
  severity: string | null;
  canary_name: string | null;
  last_runtime: string | null;
  uptime: { passed: number; failed: number };
  agent_id: string | null;
  /** The check's agent (spec 1 "Other reads": check rows carry agents {id, name}). */
  agents: { id: string; name: string | null } | null;
}

/** `GET /check_summary_for_config?config_id=eq.{id}`: the checks related to the config. */
export function useConfigChecks(id: string) {
  return useQuery({
    queryKey: detailKeys.checks(id),
    queryFn: async ({ signal }): Promise<ConfigCheck[]> => {
      const { data } = await db
        .from('check_summary_for_config')
        .select('id,name,type,icon,status,severity,canary_name,last_runtime,uptime,agent_id,agents(id,name)')
        .eq('config_id', id)
        .order('name')
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as ConfigCheck[];
    },
  });
}
