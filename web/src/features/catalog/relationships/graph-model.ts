import { RELATIONSHIP_GRAPH } from '@pharos/core';
import type { GraphConfig, RelatedConfig } from './types';

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
 * Builds nodes and edges from the rpc rows. Each row is reached from the configs in its
 * related_ids; downstream rows hang after them (from -> row), upstream rows before (row -> from).
 */
export function buildGraphModel(root: GraphConfig, related: readonly RelatedConfig[]): GraphModel {
  const known = new Set([root.id, ...related.map((row) => row.id)]);
  const nodes: ModelNode[] = [{ kind: 'config', id: root.id, config: root, root: true }];
  const edges: ModelEdge[] = [];
  const defaultExpanded: Record<string, boolean> = {};

  // children of each (parent, side, type), in the rpc's order (depth, type, name)
  const children = new Map<string, { parentId: string; direction: string; type: string; ids: string[] }>();
  for (const row of related) {
    nodes.push({ kind: 'config', id: row.id, config: row, root: false });
    for (const from of row.related_ids ?? []) {
      if (!known.has(from) || from === row.id) continue;
      const key = groupNodeId(from, row.direction, row.type);
      const entry = children.get(key) ?? { parentId: from, direction: row.direction, type: row.type, ids: [] };
      if (!entry.ids.includes(row.id)) entry.ids.push(row.id);
      children.set(key, entry);
    }
  }

  for (const [key, { parentId, direction, type, ids }] of children) {
    const outgoing = direction === 'outgoing';
    if (ids.length < RELATIONSHIP_GRAPH.groupThreshold) {
      for (const id of ids) edges.push(outgoing ? edgeOf(parentId, id) : edgeOf(id, parentId));
      continue;
    }
    nodes.push({ kind: 'group', id: key, type, parentId, childIds: ids });
    defaultExpanded[key] = ids.length <= RELATIONSHIP_GRAPH.collapseAbove;
    edges.push(outgoing ? edgeOf(parentId, key) : edgeOf(key, parentId));
    for (const id of ids) edges.push(outgoing ? edgeOf(key, id) : edgeOf(id, key));
  }
  return { rootId: root.id, nodes, edges, defaultExpanded };
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
