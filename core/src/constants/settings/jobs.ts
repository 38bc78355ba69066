/** Job history: statuses, colours, filters and paging (spec 3 §2.4, §4, §9). */
import type { Colour } from '../colours.js';

export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_COLOURS: Readonly<Record<JobStatus, Colour>> = {
  RUNNING: 'yellow',
  SUCCESS: 'green',
  WARNING: 'orange',
  FAILED: 'red',
  STOPPED: 'red',
};
/** The status filter offers the first four statuses. */
export const JOB_STATUS_FILTER_OPTIONS: readonly JobStatus[] = JOB_STATUSES.slice(0, 4);
/** Default status filter: exclude SUCCESS. */
export const DEFAULT_JOB_STATUS_FILTER = 'SUCCESS:-1';

export const JOB_HISTORY_PAGE_SIZE = 150;
/** The jobs screen computes its page count with 50 although it fetches 150 (spec 3 §9). */
export const JOB_HISTORY_PAGE_COUNT_SIZE = 50;
export const JOB_HISTORY_DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;

export const JOB_DURATION_FILTER_OPTIONS: readonly { value: string; label: string; ms: number | null }[] = [
  { value: 'none', label: 'None', ms: null },
  { value: '15s', label: '15s', ms: 15_000 },
  { value: '30s', label: '30s', ms: 30_000 },
  { value: '1m', label: '1m', ms: 60_000 },
  { value: '2m', label: '2m', ms: 120_000 },
  { value: '3m', label: '3m', ms: 180_000 },
  { value: '5m', label: '5m', ms: 300_000 },
  { value: '10m', label: '10m', ms: 600_000 },
  { value: '15m', label: '15m', ms: 900_000 },
];

export const JOB_RESOURCE_TYPE_FILTERS = ['canary', 'topology', 'config_scraper'] as const;

/**
 * Every resource type Pharos records its own jobs under: the spec's three filters first, then
 * playbook schedules, incident rules, team responder syncs and the system's housekeeping jobs.
 */
export const JOB_RESOURCE_TYPES = [...JOB_RESOURCE_TYPE_FILTERS, 'playbook', 'incident_rule', 'team', 'system'] as const;
export type JobResourceType = (typeof JOB_RESOURCE_TYPES)[number];

export const JOB_RESOURCE_TYPE_LABELS: Readonly<Record<JobResourceType, string>> = {
  canary: 'Canary',
  topology: 'Topology',
  config_scraper: 'Catalog Scraper',
  playbook: 'Playbook',
  incident_rule: 'Incident Rule',
  team: 'Team',
  system: 'System',
};

/** Resource type recorded in job history for a settings table. */
export const TABLE_RESOURCE_TYPES = {
  teams: 'team',
  incident_rules: 'incident_rule',
  config_scrapers: 'config_scraper',
  topologies: 'topology',
  canaries: 'canary',
} as const;

/** Link target of a job history row's resource, or undefined for types without a page. */
export function jobResourceLink(resourceType: string, id: string): string | undefined {
  switch (resourceType) {
    case 'canary':
      return `/settings/canaries/${id}`;
    case 'config_scraper':
    case 'catalog_scraper':
      return `/catalog/scrapers/${id}`;
    case 'topology':
      return `/settings/topologies/${id}`;
    case 'config':
      return `/catalog/${id}`;
    case 'playbook':
      return `/playbooks/${id}`;
    case 'playbook_run':
      return `/playbooks/runs/${id}`;
    default:
      return undefined;
  }
}

export function agentLink(agentId: string): string {
  return `/settings/agents?id=${agentId}`;
}
