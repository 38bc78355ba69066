/** Health values a catalog item may have (spec 2 section 4). */
export const CONFIG_HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type ConfigHealth = (typeof CONFIG_HEALTH)[number];

/** A property of an item, as config-db writes them: {name, value, headline, …}. */
export type ConfigProperty = Record<string, unknown>;

/** A change a scraper read from the data (`full` mode), as config-db's ChangeResult. */
export interface ScrapedChange {
  changeType: string;
  externalChangeId?: string | null;
  summary?: string | null;
  severity?: string | null;
  source?: string | null;
  createdAt?: Date | null;
  /** Who made it in the scraped system. */
  createdBy?: string | null;
  details?: unknown;
  patches?: unknown;
  /** A unified diff of the versions. */
  diff?: string | null;
  /** What `transform.changes.mapping` asked to do with it besides writing it (see change-actions.ts). */
  action?: ChangeAction | null;
  /** move-up / copy-up: the first ancestor of this type, else the parent. */
  ancestorType?: string | null;
  /** copy / move: the configs the change goes to. */
  target?: RelationshipSelector | null;
  /** The mapping's `config_id` / `config_type` / `scraper_id`: the config the change is for instead. */
  redirect?: ChangeRedirect | null;
}

/** config-db's change actions a mapping may set (`ignore` drops the change before it is written). */
export const CHANGE_ACTIONS = ['delete', 'ignore', 'move-up', 'copy-up', 'copy', 'move'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export interface ChangeRedirect {
  externalId: string;
  /** The item's type when not given. */
  type: string | null;
  /** `all` looks among every scraper's configs; else this scraper's (or the one named). */
  scraperId: string | null;
}

/** An insight a scraper read from the data (`full` mode), as config-db's AnalysisResult. */
export interface ScrapedAnalysis {
  analyzer: string;
  analysisType: string;
  severity: string;
  summary?: string | null;
  /** config-db's `messages`, one a line. */
  message?: string | null;
  analysis?: unknown;
  source?: string | null;
  status?: string | null;
  /** The config it is about when not the item: its external id, and type (the item's if not given). */
  externalId?: string | null;
  configType?: string | null;
  /** Its id in the analyzing system: the insight is found again by it instead of by config and analyzer. */
  externalAnalysisId?: string | null;
}

/** Which configs an item is related to (config-db's relationship selector). */
export interface RelationshipSelector {
  id?: string;
  externalId?: string;
  name?: string;
  namespace?: string;
  type?: string;
  labels?: Record<string, string>;
  /** `all`: configs of any scraper; else this scraper's. */
  scope?: string;
}

export interface ScrapedRelationship {
  selector: RelationshipSelector;
  /** The found configs are the item's upstream instead of its downstream. */
  parent: boolean;
}

/** A change after `transform.changes` rules (null: dropped), and the rules that could not be applied. */
export interface RuledChange {
  change: ScrapedChange | null;
  errors: string[];
}

/** What a change looks like to `transform.changes` rules. */
export type ChangeRule = (change: ScrapedChange) => Promise<RuledChange>;

/** One configuration item a scraper found, before it is written. */
export interface ScrapedItem {
  /** The id in the scraped system; with `type` it finds the item again on the next scrape. */
  externalId: string;
  /** provider::kind, e.g. File::Settings. */
  type: string;
  configClass?: string | null;
  name?: string | null;
  description?: string | null;
  status?: string | null;
  health?: ConfigHealth | null;
  /** The content; a string for formats kept as text. */
  config: unknown;
  format?: string;
  /** Where it came from (a file path, a URL). */
  source?: string | null;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: ConfigProperty[];
  /** The item's parent, found among the same scraper's items. */
  parent?: { type: string; externalId: string } | null;
  /** When the data says the item was deleted (`deleteFields`). */
  deletedAt?: Date | null;
  /** When the data says the item was created (`createFields`). */
  createdAt?: Date | null;
  /** Changes the data lists for the item (`full` mode). */
  changes?: ScrapedChange[];
  /** Insights the data lists for the item (`full` mode); when given, the item's other open insights are resolved. */
  analysis?: ScrapedAnalysis[];
  /** Relationships by selector (`transform.relationship`); when given, the item's earlier ones not found again go. */
  relationships?: ScrapedRelationship[];
  /** The spec's `transform.changes` (mapping, exclude), for the changes found and read. */
  changeRule?: ChangeRule;
}

/** Per config type, what one scrape did. */
export interface TypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Change rows written; repeats folded into an earlier change count in deduped. */
  changes: number;
  deduped: number;
  /** Insights written or seen again, and open ones no longer seen (resolved). */
  insights: number;
  resolved: number;
  /** Relationships found by the spec's selectors. */
  relationships: number;
  errors: number;
}

export type ScrapeSummary = Record<string, TypeSummary>;

export function emptyTypeSummary(): TypeSummary {
  return { added: 0, updated: 0, unchanged: 0, deleted: 0, changes: 0, deduped: 0, insights: 0, resolved: 0, relationships: 0, errors: 0 };
}

/** The summary of one type, created on first use. */
export function typeSummary(summary: ScrapeSummary, type: string): TypeSummary {
  return (summary[type] ??= emptyTypeSummary());
}
