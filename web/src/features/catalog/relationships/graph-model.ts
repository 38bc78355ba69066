import { RELATIONSHIP_GRAPH } from '@pharos/core';
import type { GraphConfig, RelatedConfig, Relationship } from './types';

/**
 * The relationships graph before layout (spec 2 §2): the tab's config, its related configs and,
 * where a config has RELATIONSHIP_GRAPH.groupThreshold or more related configs of one type (on one
 * side of it), an intermediary group node between it and them.
 */
export type ModelNode =
  | { kind: 'config'; id: string; config: GraphConfig; root: boolean }
  | { kind: 'group'; id: string; type: string; parentId: string; childIds: string[] };

export interface ModelEdge {
  id: string;
  source: string;
  target: string;
}

export interface GraphModel {
  rootId: string;
  nodes: ModelNode[];
  edges: ModelEdge[];
  /** Group node id to whether it starts expanded (3 or fewer children) when the user has not toggled it. */
  defaultExpanded: Record<string, boolean>;
}

export const groupNodeId = (parentId: string, direction: string, type: string): string => `group:${parentId}:${direction}:${type}`;

const edgeOf = (source: string, target: string): ModelEdge => ({ id: `${source}->${target}`, source, target });

/**
 * Builds nodes and edges from the rpc rows and the relationships among them. An edge hangs the
 * config farther from the tab's config (by the walk's depth) off the nearer one: downstream when it
 * points away from the nearer one, upstream when it points at it. Edges between configs at the same
 * depth are drawn as they are.
 */
export function buildGraphModel(root: GraphConfig, related: readonly RelatedConfig[], relationships: readonly Relationship[]): GraphModel {
  const depth = new Map<string, number>([[root.id, 0]]);
  for (const row of related) if (row.id !== root.id) depth.set(row.id, row.depth);
  const typeOf = new Map(related.map((row) => [row.id, row.type]));
  const nodes: ModelNode[] = [{ kind: 'config', id: root.id, config: root, root: true }];
  for (const row of related) if (row.id !== root.id) nodes.push({ kind: 'config', id: row.id, config: row, root: false });
  const edges = new Map<string, ModelEdge>();
  const add = (source: string, target: string) => edges.set(`${source}->${target}`, edgeOf(source, target));
  // downstream: parent -> child; upstream: child -> parent
  const hang = (parentId: string, childId: string, outgoing: boolean) => (outgoing ? add(parentId, childId) : add(childId, parentId));
  const defaultExpanded: Record<string, boolean> = {};

  // children of each (parent, side, type), in the rpc's order (depth, type, name)
  const order = new Map(related.map((row, index) => [row.id, index]));
  const children = new Map<string, { parentId: string; direction: string; type: string; ids: string[] }>();
  for (const { config_id: source, related_id: target } of relationships) {
    const from = depth.get(source);
    const to = depth.get(target);
    if (from === undefined || to === undefined || source === target) continue;
    if (from === to) {
      add(source, target);
      continue;
    }
    const [parentId, childId, direction] = from < to ? [source, target, 'outgoing'] : [target, source, 'incoming'];
    const type = typeOf.get(childId) ?? '';
    const key = groupNodeId(parentId, direction, type);
    const entry = children.get(key) ?? { parentId, direction, type, ids: [] };
    if (!entry.ids.includes(childId)) entry.ids.push(childId);
    children.set(key, entry);
  }

  for (const [key, { parentId, direction, type, ids }] of children) {
    ids.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const outgoing = direction === 'outgoing';
    if (ids.length < RELATIONSHIP_GRAPH.groupThreshold) {
      for (const id of ids) hang(parentId, id, outgoing);
      continue;
    }
    nodes.push({ kind: 'group', id: key, type, parentId, childIds: ids });
    defaultExpanded[key] = ids.length <= RELATIONSHIP_GRAPH.collapseAbove;
    hang(parentId, key, outgoing);
    for (const id of ids) hang(key, id, outgoing);
  }
  return { rootId: root.id, nodes, edges: [...edges.values()], defaultExpanded };
}

/** Each grouped config's group, where it comes out of when the group expands. */
export function groupOrigins(model: GraphModel): Map<string, string> {
  const origins = new Map<string, string>();
  for (const node of model.nodes) if (node.kind === 'group') for (const child of node.childIds) if (!origins.has(child)) origins.set(child, node.id);
  return origins;
}

/** Whether a group is expanded: the user's toggle if any, else its default. */
export function isExpanded(model: GraphModel, toggled: Readonly<Record<string, boolean>>, groupId: string): boolean {
  return toggled[groupId] ?? model.defaultExpanded[groupId] ?? true;
}

/**
 * The part of the graph in view: everything connected to the tab's config without passing through
 * a collapsed group (a collapsed group shows, its children and what hangs only off them do not).
 */
export function visibleGraph(model: GraphModel, toggled: Readonly<Record<string, boolean>>): { nodes: ModelNode[]; edges: ModelEdge[] } {
  const collapsed = new Set(
    model.nodes.filter((node) => node.kind === 'group' && !isExpanded(model, toggled, node.id)).map((node) => node.id),
  );
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
  for (const edge of model.edges) {
    link(edge.source, edge.target);
    link(edge.target, edge.source);
  }
  const seen = new Set([model.rootId]);
  const queue = [model.rootId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (collapsed.has(id)) continue;
    for (const next of neighbours.get(id) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  // a collapsed group is entered only from its parent, not back from one of its children
  const groupOf = new Map<string, string>();
  for (const node of model.nodes) if (node.kind === 'group') groupOf.set(node.id, node.parentId);
  const edges = model.edges.filter((edge) => {
    if (!seen.has(edge.source) || !seen.has(edge.target)) return false;
    const group = collapsed.has(edge.source) ? edge.source : collapsed.has(edge.target) ? edge.target : undefined;
    if (group === undefined) return true;
    const other = group === edge.source ? edge.target : edge.source;
    return groupOf.get(group) === other;
  });
  return { nodes: model.nodes.filter((node) => seen.has(node.id)), edges };
}
