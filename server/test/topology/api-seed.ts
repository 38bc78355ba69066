import type pg from 'pg';

/**
 * Rows the topology read API reads, written directly: a component tree as a Topology spec would leave
 * it (with ids, parent_id and path), and the checks, configs, insights, teams and incidents linked to
 * its components.
 */
export class TopologySeed {
  readonly topologyId: Promise<string>;
  private canary: Promise<string> | null = null;

  constructor(private readonly pool: pg.Pool, name = 'shop-topology') {
    this.topologyId = pool.query<{ id: string }>('INSERT INTO topologies (name, spec) VALUES ($1, $2) RETURNING id', [name, {}]).then((r) => r.rows[0]!.id);
  }

  async component(fields: {
    name: string;
    parent?: string;
    type?: string;
    status?: string | null;
    labels?: Record<string, string>;
    properties?: unknown[];
    hidden?: boolean;
    agentId?: string;
    logs?: unknown[];
  }): Promise<string> {
    let path = '';
    if (fields.parent) {
      const { rows } = await this.pool.query<{ path: string }>(`SELECT CASE WHEN path = '' OR path IS NULL THEN id::text ELSE path || '.' || id END AS path FROM components WHERE id = $1`, [fields.parent]);
      path = rows[0]!.path;
    }
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO components (topology_id, parent_id, path, name, type, status, health, labels, properties, hidden, agent_id, logs)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::uuid, '00000000-0000-0000-0000-000000000000'), $12) RETURNING id`,
      [
        await this.topologyId,
        fields.parent ?? null,
        path,
        fields.name,
        fields.type ?? null,
        fields.status === undefined ? 'healthy' : fields.status,
        fields.status === 'info' ? null : fields.status === undefined ? 'healthy' : fields.status,
        fields.labels ?? {},
        JSON.stringify(fields.properties ?? []),
        fields.hidden ?? false,
        fields.agentId ?? null,
        JSON.stringify(fields.logs ?? []),
      ],
    );
    return rows[0]!.id;
  }

  /** A check with this status linked to the component. */
  async check(componentId: string, name: string, status: 'healthy' | 'unhealthy' | null, options: { deleted?: boolean } = {}): Promise<string> {
    this.canary ??= this.pool.query<{ id: string }>(`INSERT INTO canaries (name, spec) VALUES ('topology-checks', '{}') RETURNING id`).then((r) => r.rows[0]!.id);
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, status, deleted_at) VALUES ($1, 'http', $2, $3, CASE WHEN $4 THEN now() END) RETURNING id`,
      [await this.canary, name, status, options.deleted ?? false],
    );
    await this.linkCheck(componentId, rows[0]!.id);
    return rows[0]!.id;
  }

  async linkCheck(componentId: string, checkId: string): Promise<void> {
    await this.pool.query(`INSERT INTO check_component_relationships (component_id, check_id, selector_id) VALUES ($1, $2, 'seed') ON CONFLICT DO NOTHING`, [componentId, checkId]);
  }

  async config(name: string, linkTo?: string): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>(`INSERT INTO configs (name, type, config_class) VALUES ($1, 'Shop::Service', 'Service') RETURNING id`, [name]);
    if (linkTo) await this.pool.query(`INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES ($1, $2, 'seed')`, [linkTo, rows[0]!.id]);
    return rows[0]!.id;
  }

  async insight(configId: string, type: string, severity: string, status = 'open'): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message) VALUES ($1, $2, $3, $4, $5, $2) RETURNING id`,
      [configId, `${type}-${severity}`, type, severity, status],
    );
    return rows[0]!.id;
  }

  async team(name: string, componentIds: string[]): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>('INSERT INTO teams (name) VALUES ($1) RETURNING id', [name]);
    for (const id of componentIds) await this.pool.query('INSERT INTO team_component_relationships (team_id, component_id) VALUES ($1, $2)', [rows[0]!.id, id]);
    return rows[0]!.id;
  }

  /** An incident with one hypothesis whose evidences point at the components. */
  async incident(fields: { title: string; type: string; severity: string; status: string; components: string[] }): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>('INSERT INTO incidents (title, type, severity, status) VALUES ($1, $2, $3, $4) RETURNING id', [
      fields.title,
      fields.type,
      fields.severity,
      fields.status,
    ]);
    const incident = rows[0]!.id;
    const hypothesis = (await this.pool.query<{ id: string }>(`INSERT INTO hypotheses (incident_id, title) VALUES ($1, 'cause') RETURNING id`, [incident])).rows[0]!.id;
    for (const component of fields.components) {
      await this.pool.query(`INSERT INTO evidences (hypothesis_id, type, component_id) VALUES ($1, 'topology', $2)`, [hypothesis, component]);
    }
    return incident;
  }
}
