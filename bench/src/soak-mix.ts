/** The main screens a signed-in person browses, as the API calls the web app makes for each. */

export interface ScreenCall {
  /** Name of the call in the report. */
  name: string;
  method: 'GET' | 'POST';
  /** Path and query; `{config}` is replaced by a catalog item's id. */
  path: string;
  /** PostgREST range header the data-service lists send. */
  range?: string;
  body?: unknown;
}

export interface Screen {
  name: string;
  /** Relative frequency: how many journeys (e2e/journeys/*.e2e.ts) visit the screen. */
  weight: number;
  /** Fired together, as the screen's queries are. */
  calls: readonly ScreenCall[];
}

/** What a page load asks first (web/src/app/first-requests.ts): the session and the feature flags. */
export const PAGE_LOAD_CALLS: readonly ScreenCall[] = [
  { name: 'whoami', method: 'GET', path: '/api/auth/whoami' },
  { name: 'feature flags', method: 'GET', path: '/api/db/properties?select=name%2Cvalue&name=like.*.disable' },
];

/** A visit is a full page load (rather than a navigation inside the app) this often. */
export const PAGE_LOAD_SHARE = 0.3;

/** SUMMARY_WINDOW_DAYS of core/src/constants/catalog.ts. */
const CATALOG_WINDOW = '30d';

/**
 * Weights: journeys per screen — health 3 (health, health-drawer, health-sla), catalog list 2
 * (catalog-list, catalog-changes), catalog detail 3 (catalog-detail, catalog-relationships,
 * catalog-scrapers), topology 2 (topology, topology-kubernetes), incidents 4 (incidents,
 * incidents-columns, incidents-responders, incidents-evidence), playbooks 3 (playbooks,
 * playbook-runs, agent-playbook-actions), notifications 1 (settings-notifications).
 */
export const SCREENS: readonly Screen[] = [
  {
    name: 'health',
    weight: 3,
    calls: [
      // web/src/features/health/api.ts
      { name: 'health summary', method: 'GET', path: '/api/canary/api/summary?start=1h' },
      // web/src/features/incidents/evidence/evidence-search.ts (the checks list of the data service)
      { name: 'checks list', method: 'GET', path: '/api/db/checks?select=id%2Cname%2Ctype%2Cstatus&deleted_at=is.null&order=name.asc&limit=50' },
    ],
  },
  {
    name: 'catalog list',
    weight: 2,
    calls: [
      // web/src/features/catalog/list/catalog-list-api.ts: useCatalogSummary and useConfigList
      {
        name: 'catalog summary',
        method: 'POST',
        path: '/api/catalog/summary',
        body: { groupBy: ['type'], deleted: false, changes: { since: CATALOG_WINDOW }, analysis: { since: CATALOG_WINDOW }, cost: CATALOG_WINDOW },
      },
      {
        name: 'catalog list',
        method: 'GET',
        path:
          '/api/db/configs?select=id%2Cname%2Ctype%2Cconfig_class%2Cstatus%2Chealth%2Clabels%2Ctags%2Ccreated_at%2Cupdated_at%2Cdeleted_at%2Ccost_total_1d%2Ccost_total_30d%2Cconfig_items_last_scraped_time%28last_scraped_time%29' +
          '&deleted_at=is.null&order=deleted_at.desc.nullslast%2Cname.asc&offset=0&limit=50',
        range: '0-49',
      },
    ],
  },
  {
    name: 'catalog detail',
    weight: 3,
    calls: [
      // web/src/features/catalog/detail/detail-api.ts
      { name: 'catalog detail', method: 'GET', path: '/api/db/config_detail?select=*&id=eq.{config}' },
      { name: 'catalog last scraped', method: 'GET', path: '/api/db/config_items_last_scraped_time?select=last_scraped_time&config_id=eq.{config}' },
    ],
  },
  {
    name: 'topology',
    weight: 2,
    calls: [
      // web/src/features/topology/topology-api.ts with the default sort
      { name: 'topology', method: 'GET', path: '/api/topology?sortBy=status&sortOrder=desc' },
      { name: 'topology agents', method: 'GET', path: '/api/db/agents?select=id%2Cname&deleted_at=is.null&order=name.asc' },
    ],
  },
  {
    name: 'incidents',
    weight: 4,
    calls: [
      // web/src/features/incidents/api.ts useIncidentList, first page of 200 (+1)
      {
        name: 'incidents list',
        method: 'GET',
        path: '/api/db/incident_summary?select=id%2Cincident_id%2Ctitle%2Ctype%2Cseverity%2Cstatus%2Ccreated_at%2Ccreated_by%2Ccommander%2Cresponders%2Ccomponent_ids&order=created_at.desc%2Cid.desc&offset=0&limit=201',
      },
    ],
  },
  {
    name: 'playbooks',
    weight: 3,
    calls: [
      // web/src/features/playbooks/api.ts
      {
        name: 'playbooks',
        method: 'GET',
        path: '/api/db/playbooks?select=id%2Cname%2Cnamespace%2Ctitle%2Cicon%2Cdescription%2Ccategory%2Csource%2Cspec%2Ccreated_by%2Ccreated_at%2Cupdated_at&deleted_at=is.null&order=title.asc',
      },
    ],
  },
  {
    name: 'notifications',
    weight: 1,
    calls: [
      // web/src/features/settings/notifications/api.ts useNotificationSummaries, first page
      {
        name: 'notifications',
        method: 'GET',
        path: '/api/db/notifications_summary?select=*%2Ccreated_by%28id%2Cname%2Cavatar%29&order=created_at.desc&offset=0&limit=50',
        range: '0-49',
      },
    ],
  },
];

/** Every call's name, in report order. */
export const CALL_NAMES: readonly string[] = [...PAGE_LOAD_CALLS, ...SCREENS.flatMap((screen) => screen.calls)].map((call) => call.name);

const TOTAL_WEIGHT = SCREENS.reduce((sum, screen) => sum + screen.weight, 0);

/** A screen picked by weight; `roll` in [0, 1). */
export function pickScreen(roll: number): Screen {
  let left = roll * TOTAL_WEIGHT;
  for (const screen of SCREENS) {
    left -= screen.weight;
    if (left < 0) return screen;
  }
  return SCREENS[SCREENS.length - 1]!;
}
