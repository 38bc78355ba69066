import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openChannelUrls } from './sealed-urls.js';
import { readSelectors, type Silence } from './silences.js';
import type { NotificationRule } from './types.js';

/** A rule with what its recipients need: the person's e-mail, the team's name and channels. */
export interface LiveRule extends NotificationRule {
  person_email: string | null;
  team_name: string | null;
  team_spec: unknown;
}

/** How long rules and silences read from the database are used before they are read again. */
export const RULES_TTL_MS = 1_000;

/**
 * The live notification rules (by event name) and the silences in force, read at most once per
 * `ttlMs` however many events come: a rule or silence saved now applies within that time.
 */
export class RuleCache {
  private rules: { at: number; byEvent: Map<string, LiveRule[]>; byId: Map<string, LiveRule> } | undefined;
  private silences: { at: number; active: Silence[] } | undefined;
  private loadingRules: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs = RULES_TTL_MS,
    /** Opens the service URLs sealed in rules and teams. */
    private readonly secrets?: ServerSecrets,
  ) {}

  async rulesFor(eventName: string): Promise<LiveRule[]> {
    await this.freshRules();
    return this.rules!.byEvent.get(eventName) ?? [];
  }

  async rule(id: string): Promise<LiveRule | undefined> {
    await this.freshRules();
    return this.rules!.byId.get(id);
  }

  async activeSilences(): Promise<Silence[]> {
    if (this.silences && Date.now() - this.silences.at < this.ttlMs) return this.silences.active;
    const at = Date.now();
    const { rows } = await this.pool.query<Silence & { selectors: unknown }>(
      `select id, name, filter, selectors, notification_id from notification_silences
        where deleted_at is null and "from" <= now() and "until" > now() order by created_at`,
    );
    const active = rows.flatMap((row) => {
      try {
        return [{ ...row, selectors: readSelectors(row.selectors) }];
      } catch {
        return []; // written around the data service's checks: it silences nothing
      }
    });
    this.silences = { at, active };
    return active;
  }

  /** Forgets what was read (a test or a route that just wrote a rule). */
  invalidate(): void {
    this.rules = undefined;
    this.silences = undefined;
  }

  private async freshRules(): Promise<void> {
    if (this.rules && Date.now() - this.rules.at < this.ttlMs) return;
    this.loadingRules ??= this.loadRules().finally(() => (this.loadingRules = undefined));
    await this.loadingRules;
  }

  private async loadRules(): Promise<void> {
    const at = Date.now();
    const { rows: stored } = await this.pool.query<LiveRule>(
      `select n.id, n.name, n.namespace, n.title, n.events, n.filter, n.person_id, n.team_id, n.custom_services,
              n.repeat_interval, n.template, n.properties, n.group_by_topology, n.group_window, p.email as person_email, t.name as team_name, t.spec as team_spec
         from notifications n
         left join people p on p.id = n.person_id and p.deleted_at is null
         left join teams t on t.id = n.team_id and t.deleted_at is null
        where n.deleted_at is null
        order by n.created_at`,
    );
    const secrets = this.secrets;
    const rows = secrets ? stored.map((rule) => openChannelUrls(rule, secrets)) : stored;
    const byEvent = new Map<string, LiveRule[]>();
    for (const rule of rows) for (const name of rule.events) byEvent.set(name, [...(byEvent.get(name) ?? []), rule]);
    this.rules = { at, byEvent, byId: new Map(rows.map((rule) => [rule.id, rule])) };
  }
}
