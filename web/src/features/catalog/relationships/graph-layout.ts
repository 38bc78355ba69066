import { Graph, layout } from '@dagrejs/dagre';
import { RELATIONSHIP_GRAPH } from '@pharos/core';
import type { ModelEdge, ModelNode } from './graph-model';
import type { GraphDirection } from './types';

export interface Size {
  width: number;
  height: number;
}

/** Sizes the nodes are drawn at (config-node.tsx and group-node.tsx use the same). */
export const NODE_SIZE: Readonly<Record<ModelNode['kind'], Size>> = {
  config: { width: 240, height: 64 },
  group: { width: 200, height: 44 },
};

export interface Point {
  x: number;
  y: number;
}

/**
 * Top-left positions of the nodes by dagre, ranked in `direction` (LR or TB) with the spec's rank
 * separation (120) and node separation (100).
 */
export function layoutGraph(nodes: readonly ModelNode[], edges: readonly ModelEdge[], direction: GraphDirection): Map<string, Point> {
  const graph = new Graph();
  graph.setGraph({ rankdir: direction, ranksep: RELATIONSHIP_GRAPH.rankSeparation, nodesep: RELATIONSHIP_GRAPH.nodeSeparation });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { ...NODE_SIZE[node.kind] });
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  layout(graph);
  const positions = new Map<string, Point>();
  for (const node of nodes) {
    const placed = graph.node(node.id);
    const { width, height } = NODE_SIZE[node.kind];
    positions.set(node.id, { x: placed.x - width / 2, y: placed.y - height / 2 });
  }
  return positions;
}

/**
 * Where each node is `t` (0..1) of the way from `from` to `to`. A node new to `to` comes out of its
 * origin (the group it belongs to) when that was in view, else starts at its place.
 */
export function interpolatePositions(
  from: ReadonlyMap<string, Point>,
  to: ReadonlyMap<string, Point>,
  t: number,
  origins: ReadonlyMap<string, string> = new Map(),
): Map<string, Point> {
  const eased = 1 - (1 - t) ** 3;
  const positions = new Map<string, Point>();
  for (const [id, target] of to) {
    const origin = origins.get(id);
    const start = from.get(id) ?? (origin === undefined ? undefined : from.get(origin)) ?? target;
    positions.set(id, { x: start.x + (target.x - start.x) * eased, y: start.y + (target.y - start.y) * eased });
  }
  return positions;
}
