/** A config as the graph shows it (the tab's own config, or a row of related_configs_recursive). */
export interface GraphConfig {
  id: string;
  name: string;
  type: string;
  health?: string | null;
  status?: string | null;
  deleted_at?: string | null;
}

/** A row of GET /rpc/related_configs_recursive (spec 2 §3: relationship graph node). */
export interface RelatedConfig extends GraphConfig {
  /** The configs this one points at among the relationships the walk followed (as duty answers them). */
  related_ids: string[] | null;
  depth: number;
  /** 'outgoing' (downstream of the tab's config) or 'incoming' (upstream). */
  direction: 'outgoing' | 'incoming';
  tags?: Record<string, string> | null;
}

/** An edge of GET /config_relationships: config_id -> related_id. */
export interface Relationship {
  config_id: string;
  related_id: string;
}

/** A row of GET /config_component_relationships with its component. */
export interface ComponentLink {
  component_id: string;
  config_id: string;
  selector_id: string | null;
  component: { id: string; name: string; icon: string | null; type: string | null } | null;
}

export type GraphDirection = 'LR' | 'TB';
export type EdgeStyle = 'bezier' | 'smoothstep';
