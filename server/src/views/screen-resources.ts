import type { Resource } from '@pharos/core';

/**
 * The permission resource a screen's path is read with, as the web app's route guard reads it
 * (web/src/app/screens.ts); the longer of two paths that both fit wins.
 */
const SCREEN_RESOURCES: readonly (readonly [string, Resource])[] = [
  ['/topology', 'topologies'],
  ['/health', 'canaries'],
  ['/incidents', 'incident'],
  ['/catalog/scrapers', 'config_scrapers'],
  ['/catalog', 'database'],
  ['/logs', 'database'],
  ['/playbooks/runs', 'playbook_runs'],
  ['/playbooks', 'playbooks'],
  ['/settings/connections', 'connections'],
  ['/settings/jobs', 'database'],
  ['/settings/notifications', 'notifications'],
  ['/settings/feature-flags', 'properties'],
  ['/settings/properties', 'properties'],
  ['/settings/logging_backends', 'logging_backends'],
  ['/settings/event-queue-status', 'database'],
  ['/settings/agents', 'agents'],
  ['/settings/integrations', 'integrations'],
  ['/settings/users', 'identities'],
  ['/settings/teams', 'database'],
  ['/settings/canaries', 'canaries'],
  ['/settings/topologies', 'topologies'],
  ['/settings/config_scrapers', 'config_scrapers'],
  ['/settings/incident_rules', 'incident'],
  ['/settings/organization', 'database'],
];

/** The resource a person needs read on to see the screen at `path`; undefined for a path of no known screen. */
export function screenResourceOf(path: string): Resource | undefined {
  let found: readonly [string, Resource] | undefined;
  for (const entry of SCREEN_RESOURCES) {
    if ((path === entry[0] || path.startsWith(`${entry[0]}/`)) && (!found || entry[0].length > found[0].length)) found = entry;
  }
  return found?.[1];
}
