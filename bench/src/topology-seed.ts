import type pg from 'pg';

/** A tree of components: `roots`, each with `children`, each with `leaves`. */
export interface TreeShape {
  roots: number;
  children: number;
  leaves: number;
}

export const componentCount = (shape: TreeShape): number => shape.roots * (1 + shape.children * (1 + shape.leaves));
export const leafCount = (shape: TreeShape): number => shape.roots * shape.children * shape.leaves;

/** Canaries of 100 HTTP checks against the target, one check per leaf; every seventh expects 201 and fails. */
export async function createLeafCanaries(pool: pg.Pool, leaves: number, targetUrl: string, schedule: string): Promise<void> {
  const names: string[] = [];
  const specs: string[] = [];
  for (let first = 0; first < leaves; first += 100) {
    const http = Array.from({ length: Math.min(100, leaves - first) }, (_, i) => ({
      name: `leaf-check-${first + i}`,
      url: `${targetUrl}/c/${first + i}`,
      responseCodes: [(first + i) % 7 === 0 ? 201 : 200],
    }));
    names.push(`bench-topology-${first / 100}`);
    specs.push(JSON.stringify({ schedule, http }));
  }
  await pool.query("insert into canaries (name, namespace, spec, source) select n, 'bench', s::jsonb, 'bench' from unnest($1::text[], $2::text[]) as u(n, s)", [names, specs]);
}

/**
 * The components as a Topology run leaves them (ids, parent_id, path, type, status, labels and
 * properties), in bulk and without a topology row, which the running server's topology engine would
 * otherwise run and reconcile; leaf n is linked to check leaf-check-n, every tenth child to a catalog item
 * with an open insight, and every fiftieth leaf to an open incident's evidence.
 */
export async function seedTree(pool: pg.Pool, shape: TreeShape): Promise<void> {
  await pool.query(`
    WITH roots AS (
      INSERT INTO components (topology_id, parent_id, path, name, type, status, health, labels, properties)
      SELECT NULL::uuid, NULL::uuid, '', 'system-' || r, 'System', 'healthy', 'healthy', jsonb_build_object('env', CASE WHEN r % 2 = 0 THEN 'prod' ELSE 'dev' END),
             jsonb_build_array(jsonb_build_object('name', 'region', 'text', 'eu-' || r, 'headline', true))
        FROM generate_series(0, $1 - 1) r
      RETURNING id, name
    ),
    children AS (
      INSERT INTO components (topology_id, parent_id, path, name, type, status, health, labels, properties)
      SELECT NULL::uuid, roots.id, roots.id::text, roots.name || '-service-' || c, 'Service',
             CASE WHEN c % 9 = 0 THEN 'unhealthy' WHEN c % 5 = 0 THEN 'warning' ELSE 'healthy' END, 'healthy',
             jsonb_build_object('tier', CASE WHEN c % 2 = 0 THEN 'front' ELSE 'back' END),
             jsonb_build_array(jsonb_build_object('name', 'cpu', 'value', (c * 37) % 100, 'unit', 'percent', 'headline', true))
        FROM roots, generate_series(0, $2 - 1) c
      RETURNING id, path, name
    )
    INSERT INTO components (topology_id, parent_id, path, name, type, status, health, properties)
    SELECT NULL::uuid, children.id, children.path || '.' || children.id, children.name || '-pod-' || l, 'Pod', 'healthy', 'healthy',
           jsonb_build_array(jsonb_build_object('name', 'restarts', 'value', l % 4))
      FROM children, generate_series(0, $3 - 1) l`, [shape.roots, shape.children, shape.leaves]);

  await pool.query(`
    WITH leaves AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM components WHERE type = 'Pod')
    INSERT INTO check_component_relationships (component_id, check_id, selector_id)
    SELECT leaves.id, ck.id, 'bench' FROM leaves JOIN checks ck ON ck.name = 'leaf-check-' || leaves.n AND ck.deleted_at IS NULL`);

  await pool.query(`
    WITH services AS (SELECT id, row_number() OVER (ORDER BY name) AS n FROM components WHERE type = 'Service'),
    picked AS (SELECT id, n FROM services WHERE n % 10 = 0),
    cfg AS (
      INSERT INTO configs (name, type, config_class, source) SELECT 'bench-config-' || n, 'Bench::Service', 'Service', 'bench' FROM picked
      RETURNING id, name
    ),
    linked AS (
      INSERT INTO config_component_relationships (component_id, config_id, selector_id)
      SELECT picked.id, cfg.id, 'bench' FROM picked JOIN cfg ON cfg.name = 'bench-config-' || picked.n
      RETURNING config_id
    )
    INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, message)
    SELECT config_id, 'bench', 'security', 'high', 'open port' FROM linked`);

  await pool.query(`
    WITH picked AS (SELECT id, row_number() OVER (ORDER BY name) AS n FROM components WHERE type = 'Pod'),
    incident AS (INSERT INTO incidents (title, type, severity, status) VALUES ('bench outage', 'availability', 'high', 'open') RETURNING id),
    hypothesis AS (INSERT INTO hypotheses (incident_id, title) SELECT id, 'bench' FROM incident RETURNING id)
    INSERT INTO evidences (hypothesis_id, type, component_id)
    SELECT hypothesis.id, 'topology', picked.id FROM hypothesis, picked WHERE picked.n % 50 = 0`);
  await pool.query('ANALYZE');
}
