/** A component of the topology dashboard (spec 2 §3 "Component / topology"), as GET /api/topology returns it. */

import type { Health } from '../constants/health.js';

/** A component's stored status: a health value or 'info'. */
export type ComponentStatusValue = Health | 'info';
/** The values GET /api/topology's status filter takes. */
export const TOPOLOGY_COMPONENT_STATUSES: readonly ComponentStatusValue[] = ['healthy', 'unhealthy', 'warning', 'unknown', 'info'];

export const TOPOLOGY_SORT_ORDERS = ['asc', 'desc'] as const;
export type TopologySortOrder = (typeof TOPOLOGY_SORT_ORDERS)[number];

/** A property shown on a card: a text or a number with its unit and maximum; headline ones sit at the top. */
export interface ComponentProperty {
  name?: string;
  label?: string;
  type?: string;
  text?: string;
  value?: number;
  unit?: string;
  max?: number;
  min?: number;
  icon?: string;
  color?: string;
  tooltip?: string;
  order?: number;
  headline?: boolean;
  lastTransition?: string;
  links?: { label?: string; url: string; icon?: string; type?: string; tooltip?: string; text?: string }[];
}

/** Counts by health of the checks linked to a component. */
export interface ComponentCheckSummary {
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
}

/** `{[type]: {[severity]: count}}`, for incidents and insights. */
export type CountsByTypeAndSeverity = Record<string, Record<string, number>>;

/** What is linked to a component (checks; open incidents; open insights of its catalog items), added to its children's summaries. */
export interface ComponentSummary {
  checks?: ComponentCheckSummary;
  incidents?: CountsByTypeAndSeverity;
  insights?: CountsByTypeAndSeverity;
}

export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  icon?: string | null;
  type?: string | null;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  status: ComponentStatusValue | null;
  status_reason?: string | null;
  health: Health | null;
  parent_id: string | null;
  path: string | null;
  topology_id: string | null;
  agent_id: string;
  external_id?: string | null;
  is_leaf: boolean;
  hidden: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  summary: ComponentSummary;
  /** Log sources of the component (see components_with_logs). */
  logs?: { name?: string; type?: string; labels?: Record<string, string> }[];
  /** Child components, themselves with their children. */
  components?: TopologyComponent[];
}

/** GET /api/topology's answer: the components and the values the dashboard's filters offer. */
export interface TopologyResponse {
  /**
   * Without id: the root components, each with its children. With id: that one component, whose
   * children (each with its own children) are the cards.
   */
  components: TopologyComponent[];
  healthStatuses: string[];
  /** Label keys and values of the listed components: {key: [values]}. */
  tags: Record<string, string[]>;
  teams: string[];
  types: string[];
}

/** The query parameters GET /api/topology takes (spec 2 §7). */
export interface TopologyQuery {
  id?: string;
  status?: string;
  type?: string;
  team?: string;
  /** Comma list of key=value; several values of one key match any of them. */
  labels?: string;
  /** status, name, type, updated_at, or the name of a property (also written `field:<name>`). */
  sortBy?: string;
  sortOrder?: TopologySortOrder;
  /** Only with a type: the components of that type at any depth (below id when given) instead of one level. */
  flatten?: boolean;
  /** Include hidden components. */
  hidden?: boolean;
  /** An agent's id; 'All' is the same as none. */
  agent_id?: string;
}
