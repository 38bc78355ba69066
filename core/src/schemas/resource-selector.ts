/**
 * Resource selectors (as in playbook specs) and the resource search of `POST /api/resources/search`,
 * which the global search of the shell calls with just a search term.
 */
import type { JsonSchema } from './json-schema.js';

/** Picks checks, components or configs; every given field must match. */
export interface ResourceSelector {
  id?: string;
  /** Exact name. */
  name?: string;
  namespace?: string;
  /** Types to include; a type prefixed with `!` is excluded. */
  types?: string[];
  /** `all`, `local`, an agent id or an agent name. */
  agent?: string;
  /** Kubernetes-style: `k=v,k2!=v2,k3,!k4,k5 in (a,b),k6 notin (c)`. */
  labelSelector?: string;
  /** Case-insensitive substring of the name. */
  search?: string;
}

export const RESOURCE_SELECTOR_FIELDS = ['id', 'name', 'namespace', 'types', 'agent', 'labelSelector', 'search'] as const;

export const RESOURCE_SELECTOR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Selects checks, components or configs; every given field must match',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    namespace: { type: 'string' },
    types: { type: 'array', items: { type: 'string' }, description: 'Types to include; prefix with ! to exclude' },
    agent: { type: 'string', description: 'all, local, an agent id or an agent name' },
    labelSelector: { type: 'string', examples: ['app=web,tier!=cache'] },
    search: { type: 'string' },
  },
  additionalProperties: true,
};

export const RESOURCE_SEARCH_KINDS = ['checks', 'components', 'configs'] as const;
export type ResourceSearchKind = (typeof RESOURCE_SEARCH_KINDS)[number];

/** Results per kind: 50 unless the request asks for fewer or more, never over 200. */
export const RESOURCE_SEARCH_LIMITS = { default: 50, max: 200 } as const;

export interface ResourceSearchRequest {
  checks?: ResourceSelector[];
  components?: ResourceSelector[];
  configs?: ResourceSelector[];
  /** Case-insensitive substring of the name; alone, it searches every kind. */
  search?: string;
  limit?: number;
}

interface ResourceSearchItemBase {
  id: string;
  name: string | null;
  type: string | null;
  status: string | null;
  labels: Record<string, string>;
  agent_id: string;
}

export interface CheckSearchItem extends ResourceSearchItemBase {
  icon: string | null;
  namespace: string | null;
  canary_id: string;
}

export interface ComponentSearchItem extends ResourceSearchItemBase {
  icon: string | null;
  health: string | null;
  /** The namespace of the component's topology. */
  namespace: string | null;
  topology_id: string | null;
}

export interface ConfigSearchItem extends ResourceSearchItemBase {
  health: string | null;
  namespace: string | null;
  config_class: string | null;
  tags: Record<string, string>;
}

/** A kind is present only when the caller may read it (checks: canaries, components: topologies, configs: database). */
export interface ResourceSearchResponse {
  checks?: CheckSearchItem[];
  components?: ComponentSearchItem[];
  configs?: ConfigSearchItem[];
}
