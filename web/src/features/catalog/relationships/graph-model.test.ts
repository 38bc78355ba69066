import { describe, expect, it } from 'vitest';
import { interpolatePositions, layoutGraph, NODE_SIZE } from './graph-layout';
import { buildGraphModel, groupNodeId, groupOrigins, isExpanded, visibleGraph } from './graph-model';
import type { GraphConfig, RelatedConfig, Relationship } from './types';

const root: GraphConfig = { id: 'root', name: 'checkout', type: 'App::Service', health: 'healthy' };

/** A related config and the configs it was reached from (the edges of the data). */
type Row = RelatedConfig & { from: string[] };

function row(id: string, type: string, from: string[], direction: 'outgoing' | 'incoming' = 'outgoing', depth = 1): Row {
  return { id, name: id, type, related_ids: null, direction, depth, from };
}

/** The edges the rows were reached by (acyclic data: each row's direction is its edges'). */
function edgesOf(rows: readonly Row[]): Relationship[] {
  return rows.flatMap((r) => r.from.map((from) => (r.direction === 'outgoing' ? { config_id: from, related_id: r.id } : { config_id: r.id, related_id: from })));
}

/** The rows as the rpc answers them: related_ids are the configs each one's edges point at. */
function asAnswered(rows: readonly Row[]): RelatedConfig[] {
  const edges = edgesOf(rows);
  return rows.map(({ from: _from, ...r }) => {
    const targets = edges.filter((edge) => edge.config_id === r.id).map((edge) => edge.related_id);
    return { ...r, related_ids: targets.length > 0 ? targets : null };
  });
}

const build = (rows: Row[]) => buildGraphModel(root, asAnswered(rows), edgesOf(rows));

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id).sort();

describe('buildGraphModel', () => {
  it('links configs straight to the config they were reached from below 3 of a type, downstream after and upstream before', () => {
    const model = build([row('db', 'App::Database', ['root']), row('db2', 'App::Database', ['root']), row('cluster', 'App::Cluster', ['root'], 'incoming')]);
    expect(model.nodes.filter((node) => node.kind === 'group')).toEqual([]);
    expect(model.edges.map((edge) => edge.id).sort()).toEqual(['cluster->root', 'root->db', 'root->db2']);
  });

  it('puts a group node between a config and its 3 or more related configs of one type, expanded at 3 and collapsed above', () => {
    const three = ['q1', 'q2', 'q3'].map((id) => row(id, 'App::Queue', ['root']));
    const four = ['p1', 'p2', 'p3', 'p4'].map((id) => row(id, 'App::Pod', ['root']));
    const model = build([...three, ...four, row('db', 'App::Database', ['root'])]);
    const queues = groupNodeId('root', 'outgoing', 'App::Queue');
    const pods = groupNodeId('root', 'outgoing', 'App::Pod');
    expect(model.nodes.find((node) => node.id === queues)).toMatchObject({ kind: 'group', type: 'App::Queue', childIds: ['q1', 'q2', 'q3'] });
    expect(model.defaultExpanded).toEqual({ [queues]: true, [pods]: false });
    expect(model.edges.map((edge) => edge.id)).toEqual(
      expect.arrayContaining([`root->${queues}`, `${queues}->q1`, `root->${pods}`, `${pods}->p4`, 'root->db']),
    );
    expect(model.edges.some((edge) => edge.id === 'root->q1')).toBe(false);
  });

  it('groups upstream configs on the upstream side, per config they hang off', () => {
    const up = ['n1', 'n2', 'n3'].map((id) => row(id, 'App::Node', ['db'], 'incoming', 2));
    const model = build([row('db', 'App::Database', ['root']), ...up]);
    const group = groupNodeId('db', 'incoming', 'App::Node');
    expect(model.edges.map((edge) => edge.id)).toEqual(expect.arrayContaining([`${group}->db`, `n1->${group}`]));
  });

  it('ignores relationships with a config outside the graph', () => {
    const model = build([row('db', 'App::Database', ['root', 'elsewhere'])]);
    expect(model.edges.map((edge) => edge.id)).toEqual(['root->db']);
  });

  it('draws the edges of a cycle the way they point', () => {
    // q-a -> q-b -> q-c -> q-a, seen from q-a: q-b downstream and q-c upstream, both at depth 1.
    const qa: GraphConfig = { id: 'q-a', name: 'q-a', type: 'App::Queue' };
    const rows = [row('q-b', 'App::Queue', ['q-a', 'q-c']), { ...row('q-c', 'App::Queue', ['q-b', 'q-a'], 'incoming') }];
    const cycle = [
      { config_id: 'q-a', related_id: 'q-b' },
      { config_id: 'q-b', related_id: 'q-c' },
      { config_id: 'q-c', related_id: 'q-a' },
    ];
    const model = buildGraphModel(qa, rows, cycle);
    expect(model.edges.map((edge) => edge.id).sort()).toEqual(['q-a->q-b', 'q-b->q-c', 'q-c->q-a']);
  });
});

describe('visibleGraph', () => {
  const pods = ['p1', 'p2', 'p3', 'p4'].map((id) => row(id, 'App::Pod', ['root']));
  const model = build([...pods, row('volume', 'App::Volume', ['p1'], 'outgoing', 2), row('db', 'App::Database', ['root'])]);
  const group = groupNodeId('root', 'outgoing', 'App::Pod');

  it('hides a collapsed group children and what hangs off them only, and the group edges to them', () => {
    const { nodes, edges } = visibleGraph(model, {});
    expect(ids(nodes)).toEqual(['db', group, 'root'].sort());
    expect(edges.map((edge) => edge.id).sort()).toEqual([`root->${group}`, 'root->db'].sort());
  });

  it('a click toggles the group: its children show, and a toggle back hides them', () => {
    expect(isExpanded(model, {}, group)).toBe(false);
    expect(ids(visibleGraph(model, { [group]: true }).nodes)).toEqual(['db', group, 'p1', 'p2', 'p3', 'p4', 'root', 'volume'].sort());
    expect(ids(visibleGraph(model, { [group]: false }).nodes)).toEqual(['db', group, 'root'].sort());
  });

  it('a child also reached another way stays in view, without the collapsed group edge to it', () => {
    const shared = build([...pods, row('svc', 'App::Service', ['root']), row('p1b', 'App::Pod', ['svc'], 'outgoing', 2)].map((r) => (r.id === 'p1b' ? { ...r, id: 'p1', from: ['root', 'svc'] } : r)));
    const { nodes, edges } = visibleGraph(shared, {});
    expect(ids(nodes)).toContain('p1');
    expect(edges.map((edge) => edge.id)).toContain('svc->p1');
    expect(edges.map((edge) => edge.id)).not.toContain(`${group}->p1`);
  });
});

describe('layoutGraph', () => {
  const model = build([row('db', 'App::Database', ['root']), row('cluster', 'App::Cluster', ['root'], 'incoming')]);

  it('ranks left to right in LR and top to bottom in TB, 120 apart', () => {
    const lr = layoutGraph(model.nodes, model.edges, 'LR');
    expect(lr.get('cluster')!.x).toBeLessThan(lr.get('root')!.x);
    expect(lr.get('root')!.x - lr.get('cluster')!.x).toBe(NODE_SIZE.config.width + 120);
    expect(lr.get('root')!.y).toBe(lr.get('db')!.y);
    const tb = layoutGraph(model.nodes, model.edges, 'TB');
    expect(tb.get('db')!.y - tb.get('root')!.y).toBe(NODE_SIZE.config.height + 120);
    expect(tb.get('root')!.x).toBe(tb.get('db')!.x);
  });

  it('keeps siblings 100 apart', () => {
    const siblings = build([row('a', 'App::A', ['root']), row('b', 'App::B', ['root'])]);
    const tb = layoutGraph(siblings.nodes, siblings.edges, 'TB');
    expect(Math.abs(tb.get('a')!.x - tb.get('b')!.x)).toBe(NODE_SIZE.config.width + 100);
  });
});

describe('interpolatePositions', () => {
  it('moves from the old place to the new, new nodes start where they land', () => {
    const from = new Map([['a', { x: 0, y: 0 }]]);
    const to = new Map([
      ['a', { x: 100, y: 50 }],
      ['b', { x: 10, y: 10 }],
    ]);
    expect(interpolatePositions(from, to, 0).get('a')).toEqual({ x: 0, y: 0 });
    expect(interpolatePositions(from, to, 1).get('a')).toEqual({ x: 100, y: 50 });
    const half = interpolatePositions(from, to, 0.5).get('a')!;
    expect(half.x).toBeGreaterThan(50);
    expect(half.x).toBeLessThan(100);
    expect(interpolatePositions(from, to, 0.5).get('b')).toEqual({ x: 10, y: 10 });
  });

  it('a config appearing out of an expanded group starts at the group', () => {
    const pods = ['p1', 'p2', 'p3', 'p4'].map((id) => row(id, 'App::Pod', ['root']));
    const model = build(pods);
    const group = groupNodeId('root', 'outgoing', 'App::Pod');
    const origins = groupOrigins(model);
    expect(origins.get('p3')).toBe(group);
    const from = new Map([[group, { x: 400, y: 40 }]]);
    const to = new Map([
      [group, { x: 400, y: 40 }],
      ['p3', { x: 800, y: 300 }],
    ]);
    expect(interpolatePositions(from, to, 0, origins).get('p3')).toEqual({ x: 400, y: 40 });
    expect(interpolatePositions(from, to, 1, origins).get('p3')).toEqual({ x: 800, y: 300 });
  });
});
