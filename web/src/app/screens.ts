import type { Action, Feature, Resource, SettingsTable } from '@pharos/core';

/** What a screen needs: read (or write) on a permission resource, and its features enabled. */
export interface ScreenAccess {
  resource: Resource;
  /** Default read. */
  action?: Action;
  /** Every one must be enabled; a disabled parent feature disables its children (core). */
  features: readonly Feature[];
}

export interface Screen extends ScreenAccess {
  /** The name in the sidebar, the breadcrumb and the placeholder of a screen not built yet. */
  name: string;
  path: string;
}

/**
 * The screens of the sidebar and the route map, with the access each needs. The route guard and
 * the sidebar read the same entries, so a hidden menu item and a refused URL always agree.
 */
export const SCREENS = {
  dashboard: { name: 'Dashboard', path: '/topology', resource: 'topologies', features: ['topology'] },
  health: { name: 'Health', path: '/health', resource: 'canaries', features: ['health'] },
  incidents: { name: 'Incidents', path: '/incidents', resource: 'incident', features: ['incidents'] },
  catalog: { name: 'Catalog', path: '/catalog', resource: 'database', features: ['config'] },
  catalogScrapers: { name: 'Scrapers', path: '/catalog/scrapers', resource: 'config_scrapers', features: ['config'] },
  logs: { name: 'Logs', path: '/logs', resource: 'database', features: ['logs'] },
  playbooks: { name: 'Playbooks', path: '/playbooks', resource: 'playbooks', features: ['playbooks'] },
  playbookRuns: { name: 'Runs', path: '/playbooks/runs', resource: 'playbook_runs', features: ['playbooks'] },

  connections: { name: 'Connections', path: '/settings/connections', resource: 'connections', features: ['settings.connections'] },
  jobs: { name: 'Jobs History', path: '/settings/jobs', resource: 'database', features: ['settings.job_history'] },
  notifications: {
    name: 'Notifications',
    path: '/settings/notifications',
    resource: 'notifications',
    features: ['settings.notifications'],
  },
  featureFlags: { name: 'Feature Flags', path: '/settings/feature-flags', resource: 'properties', features: ['settings.feature_flags'] },
  logBackends: {
    name: 'Log Backends',
    path: '/settings/logging_backends',
    resource: 'logging_backends',
    // Disabling logs hides Log Backends too (spec 3, section 6).
    features: ['settings.logging_backends', 'logs'],
  },
  eventQueue: {
    name: 'Event Queue',
    path: '/settings/event-queue-status',
    resource: 'database',
    features: ['settings.event_queue_status'],
  },
  agents: { name: 'Agents', path: '/settings/agents', resource: 'agents', features: ['agents'] },
  integrations: { name: 'Integrations', path: '/settings/integrations', resource: 'integrations', features: ['settings.integrations'] },
  users: { name: 'Users', path: '/settings/users', resource: 'identities', features: ['settings.users'] },
  teams: { name: 'Teams', path: '/settings/teams', resource: 'database', features: ['settings.teams'] },
  healthChecks: { name: 'Health Checks', path: '/settings/canaries', resource: 'canaries', features: ['settings.health'] },
  topologies: { name: 'Topologies', path: '/settings/topologies', resource: 'topologies', features: ['settings.topology'] },
  configScrapers: {
    name: 'Catalog Scrapers',
    path: '/settings/config_scrapers',
    resource: 'config_scrapers',
    features: ['settings.config_scraper'],
  },
  rules: { name: 'Rules', path: '/settings/incident_rules', resource: 'incident', features: ['settings.rules', 'incidents'] },
  /** Organization mode only (the sidebar leaves it out otherwise); every member reads it, admins change it. */
  organizationProfile: {
    name: 'Organization Profile',
    path: '/settings/organization',
    resource: 'database',
    features: ['settings.organization_profile'],
  },
} as const satisfies Record<string, Screen>;

export type ScreenId = keyof typeof SCREENS;

/** The screen of each generic settings table (`/settings/{table}` and `/settings/{table}/{id}`). */
export const SETTINGS_TABLE_SCREENS: Readonly<Record<SettingsTable, Screen>> = {
  topologies: SCREENS.topologies,
  connections: SCREENS.connections,
  logging_backends: SCREENS.logBackends,
  notifications: SCREENS.notifications,
  properties: SCREENS.featureFlags,
  canaries: SCREENS.healthChecks,
  config_scrapers: SCREENS.configScrapers,
  incident_rules: SCREENS.rules,
  teams: SCREENS.teams,
};

export function settingsTableScreen(table: string | undefined): Screen | undefined {
  if (!table || !Object.hasOwn(SETTINGS_TABLE_SCREENS, table)) return undefined;
  return SETTINGS_TABLE_SCREENS[table as SettingsTable];
}

/** Whether roles (through `can`) and flags (through `enabled`) allow a screen. */
export function screenAllowed(
  screen: ScreenAccess,
  can: (resource: Resource, action?: Action) => boolean,
  enabled: (features: readonly Feature[]) => boolean,
): boolean {
  return can(screen.resource, screen.action ?? 'read') && enabled(screen.features);
}

/** The sidebar's main items, in order. */
export const MAIN_MENU = ['dashboard', 'health', 'incidents', 'catalog', 'logs', 'playbooks'] as const satisfies readonly ScreenId[];

/** The Settings submenu, in order: the settings screens, then the generic resources. */
export const SETTINGS_MENU = [
  'connections',
  'jobs',
  'notifications',
  'featureFlags',
  'logBackends',
  'eventQueue',
  'agents',
  'integrations',
  'users',
  'teams',
  'healthChecks',
  'topologies',
  'configScrapers',
  'rules',
  'organizationProfile',
] as const satisfies readonly ScreenId[];

export interface MenuEntry extends Screen {
  id: ScreenId;
}

export interface Menu {
  main: MenuEntry[];
  /** null when the Settings submenu is hidden (viewers); may be empty otherwise. */
  settings: MenuEntry[] | null;
}

/** The sidebar a user sees: items they may read whose features are on; Settings hidden for viewers. */
export function menuFor(
  permissions: { can: (resource: Resource, action?: Action) => boolean; canSeeSettings: boolean },
  enabled: (features: readonly Feature[]) => boolean,
  organizationMode = false,
): Menu {
  const entries = (ids: readonly ScreenId[]): MenuEntry[] =>
    ids
      .filter((id) => organizationMode || id !== 'organizationProfile')
      .map((id): MenuEntry => ({ id, ...SCREENS[id] }))
      .filter((screen) => screenAllowed(screen, permissions.can, enabled));
  return { main: entries(MAIN_MENU), settings: permissions.canSeeSettings ? entries(SETTINGS_MENU) : null };
}
