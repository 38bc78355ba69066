import type { TopologyComponent, TopologySortOrder } from '@pharos/core';

/** Worse first when descending: unhealthy, warning, unknown, then healthy and info. */
const STATUS_RANK: Readonly<Record<string, number>> = { unhealthy: 4, warning: 3, unknown: 2, healthy: 1, info: 0 };
const FIELD_PREFIX = 'field:';

function statusRank(component: TopologyComponent): number {
  return STATUS_RANK[component.status ?? 'unknown'] ?? 2;
}

function byName(a: TopologyComponent, b: TopologyComponent): number {
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** A property's sort key; null when the component has no such property or it is empty. */
function propertyKey(component: TopologyComponent, name: string): string | number | null {
  const property = component.properties.find((p) => p.name === name);
  if (!property) return null;
  if (typeof property.value === 'number') return property.value;
  return property.text === undefined || property.text === '' ? null : property.text;
}

function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * Sorts cards by status, name, type, updated_at or a property's name (`field:<name>` too) in place.
 * Ties and components without the property (always last) fall back to the name.
 */
export function sortComponents(components: TopologyComponent[], sortBy: string | null, order: TopologySortOrder): void {
  const sign = order === 'desc' ? -1 : 1;
  switch (sortBy ?? 'name') {
    case 'status':
      components.sort((a, b) => sign * (statusRank(a) - statusRank(b)) || byName(a, b));
      return;
    case 'name':
      components.sort((a, b) => sign * byName(a, b));
      return;
    case 'type':
      components.sort((a, b) => sign * (a.type ?? '').localeCompare(b.type ?? '') || byName(a, b));
      return;
    case 'updated_at':
      components.sort((a, b) => sign * (Date.parse(a.updated_at) - Date.parse(b.updated_at)) || byName(a, b));
      return;
    default: {
      const name = sortBy!.startsWith(FIELD_PREFIX) ? sortBy!.slice(FIELD_PREFIX.length) : sortBy!;
      components.sort((a, b) => {
        const ka = propertyKey(a, name);
        const kb = propertyKey(b, name);
        if (ka === null || kb === null) return ka === kb ? byName(a, b) : ka === null ? 1 : -1;
        return sign * compareKeys(ka, kb) || byName(a, b);
      });
    }
  }
}

/** A card's children: unhealthy, then warning, then the rest, each by name. */
export function sortChildren(components: TopologyComponent[]): void {
  components.sort((a, b) => statusRank(b) - statusRank(a) || byName(a, b));
}
