import { TOPOLOGY_SORT_OPTIONS, type ComponentProperty, type TopologyComponent } from '@pharos/core';
import type { SortOrder } from './topology-params';

export interface SortOption {
  value: string;
  label: string;
}

/** Spec 2 §4: unhealthy, warning, healthy, info; anything else after. */
const STATUS_RANK: Readonly<Record<string, number>> = { unhealthy: 4, warning: 3, healthy: 2, info: 1 };

/** A component's status for sorting and colouring: its status, else its health. */
export function statusOf(component: Pick<TopologyComponent, 'status' | 'health'>): string {
  return component.status ?? component.health ?? 'unknown';
}

const statusRank = (component: TopologyComponent) => STATUS_RANK[statusOf(component)] ?? 0;

const BUILT_IN: ReadonlySet<string> = new Set(TOPOLOGY_SORT_OPTIONS.map((option) => option.value));

/** Health, Name, Type, Last Updated, then the headline properties of the components shown (spec 2 §2). */
export function sortOptionsOf(components: readonly TopologyComponent[]): SortOption[] {
  const headline = new Map<string, string>();
  const visit = (list: readonly TopologyComponent[]) => {
    for (const component of list) {
      for (const property of component.properties ?? []) {
        if (property.headline && property.name && !BUILT_IN.has(property.name) && !headline.has(property.name)) {
          headline.set(property.name, property.label || property.name);
        }
      }
    }
  };
  visit(components);
  const properties = [...headline].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return [...TOPOLOGY_SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label })), ...properties];
}

function propertyOf(component: TopologyComponent, name: string): ComponentProperty | undefined {
  return component.properties?.find((property) => property.name === name);
}

/** Numbers before texts; a component without the property last whichever the order. */
function compareProperty(a: TopologyComponent, b: TopologyComponent, name: string, order: SortOrder): number {
  const pa = propertyOf(a, name);
  const pb = propertyOf(b, name);
  const va = pa?.value ?? pa?.text;
  const vb = pb?.value ?? pb?.text;
  if (va === undefined || va === null) return vb === undefined || vb === null ? 0 : 1;
  if (vb === undefined || vb === null) return -1;
  const sign = order === 'asc' ? 1 : -1;
  if (typeof va === 'number' && typeof vb === 'number') return sign * (va - vb);
  return sign * String(va).localeCompare(String(vb), undefined, { numeric: true });
}

const byName = (a: TopologyComponent, b: TopologyComponent) => a.name.localeCompare(b.name, undefined, { numeric: true });

function compareBy(sortBy: string, order: SortOrder): (a: TopologyComponent, b: TopologyComponent) => number {
  const sign = order === 'asc' ? 1 : -1;
  switch (sortBy) {
    case 'status':
      return (a, b) => sign * (statusRank(a) - statusRank(b));
    case 'name':
      return (a, b) => sign * byName(a, b);
    case 'type':
      return (a, b) => sign * (a.type ?? '').localeCompare(b.type ?? '');
    case 'updated_at':
      return (a, b) => sign * (Date.parse(a.updated_at) - Date.parse(b.updated_at));
    default:
      return (a, b) => compareProperty(a, b, sortBy, order);
  }
}

/** The cards in the chosen order; ties by name. */
export function sortComponents(components: readonly TopologyComponent[], sortBy: string, order: SortOrder): TopologyComponent[] {
  const compare = compareBy(sortBy, order);
  return [...components].sort((a, b) => compare(a, b) || byName(a, b));
}

/** A card's children: unhealthy and warning first, then by name (spec 2 §4). */
export function sortChildren(children: readonly TopologyComponent[]): TopologyComponent[] {
  const rank = (component: TopologyComponent) => {
    const status = statusOf(component);
    return status === 'unhealthy' ? 2 : status === 'warning' ? 1 : 0;
  };
  return [...children].sort((a, b) => rank(b) - rank(a) || byName(a, b));
}
