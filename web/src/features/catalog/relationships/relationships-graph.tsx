import '@xyflow/react/dist/style.css';
import { RELATIONSHIP_GRAPH } from '@pharos/core';
import { Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow, type Edge } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { layoutGraph, NODE_SIZE } from './graph-layout';
import { buildGraphModel, groupOrigins, isExpanded, visibleGraph, type ModelNode } from './graph-model';
import { ConfigNode, GroupNode, type ConfigFlowNode, type GroupFlowNode } from './graph-nodes';
import type { EdgeStyle, GraphConfig, GraphDirection, RelatedConfig, Relationship } from './types';
import { useAnimatedPositions } from './use-animated-positions';

// 'group' is React Flow's own type (with styles of its own), hence configGroup.
const nodeTypes = { config: ConfigNode, configGroup: GroupNode };

export interface RelationshipsGraphProps {
  root: GraphConfig;
  related: readonly RelatedConfig[];
  relationships: readonly Relationship[];
  direction: GraphDirection;
  edgeStyle: EdgeStyle;
}

function Graph({ root, related, relationships, direction, edgeStyle }: RelationshipsGraphProps) {
  const model = useMemo(() => buildGraphModel(root, related, relationships), [root, related, relationships]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const visible = useMemo(() => visibleGraph(model, toggled), [model, toggled]);
  const target = useMemo(() => layoutGraph(visible.nodes, visible.edges, direction), [visible, direction]);
  const origins = useMemo(() => groupOrigins(model), [model]);
  const positions = useAnimatedPositions(target, RELATIONSHIP_GRAPH.animationMs, origins);

  const toggle = useCallback(
    (groupId: string) => setToggled((current) => ({ ...current, [groupId]: !isExpanded(model, current, groupId) })),
    [model],
  );

  const nodes = useMemo(
    () =>
      visible.nodes.map((node: ModelNode): ConfigFlowNode | GroupFlowNode => {
        const position = positions.get(node.id) ?? target.get(node.id) ?? { x: 0, y: 0 };
        if (node.kind === 'config') {
          return { id: node.id, type: 'config', position, ...NODE_SIZE.config, data: { config: node.config, root: node.root, direction } };
        }
        const expanded = isExpanded(model, toggled, node.id);
        return {
          id: node.id,
          type: 'configGroup',
          position,
          ...NODE_SIZE.group,
          data: { type: node.type, count: node.childIds.length, expanded, direction, onToggle: () => toggle(node.id) },
        };
      }),
    [visible, positions, target, model, toggled, direction, toggle],
  );

  const edges = useMemo(
    (): Edge[] => visible.edges.map((edge) => ({ ...edge, type: edgeStyle === 'smoothstep' ? 'smoothstep' : 'default' })),
    [visible, edgeStyle],
  );

  // Refit once the nodes have moved to a new layout (direction, expanding or collapsing).
  const { fitView } = useReactFlow();
  useEffect(() => {
    const timer = setTimeout(() => void fitView({ duration: RELATIONSHIP_GRAPH.animationMs }), RELATIONSHIP_GRAPH.animationMs);
    return () => clearTimeout(timer);
  }, [target, fitView]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      fitView
      minZoom={0.1}
      data-direction={direction}
      data-edge-style={edgeStyle}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/** The graph of related configs (spec 2 §2), laid out by dagre and drawn by React Flow. */
export function RelationshipsGraph(props: RelationshipsGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  );
}
