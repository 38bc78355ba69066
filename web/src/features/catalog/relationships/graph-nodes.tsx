import { healthValueColour, type Colour } from '@pharos/core';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../ui/cn';
import { ConfigTypeIcon } from './config-type-icon';
import { NODE_SIZE } from './graph-layout';
import type { GraphConfig, GraphDirection } from './types';

export type ConfigNodeData = { config: GraphConfig; root: boolean; direction: GraphDirection };
export type GroupNodeData = { type: string; count: number; expanded: boolean; direction: GraphDirection; onToggle: () => void };
export type ConfigFlowNode = Node<ConfigNodeData, 'config'>;
export type GroupFlowNode = Node<GroupNodeData, 'configGroup'>;

const HEALTH_BORDER: Record<Colour, string> = {
  green: 'border-l-[light-dark(#12b76a,#47cd89)]',
  red: 'border-l-[light-dark(#d92d20,#f97066)]',
  orange: 'border-l-[light-dark(#f79009,#fdb022)]',
  yellow: 'border-l-[light-dark(#eab308,#fde047)]',
  gray: 'border-l-border-strong',
};

function Handles({ direction }: { direction: GraphDirection }) {
  const [target, source] = direction === 'LR' ? [Position.Left, Position.Right] : [Position.Top, Position.Bottom];
  return (
    <>
      <Handle type="target" position={target} isConnectable={false} className="!opacity-0" />
      <Handle type="source" position={source} isConnectable={false} className="!opacity-0" />
    </>
  );
}

// React Flow leaves nodes without pointer events when they are neither draggable nor selectable:
// each node's content takes them back for its link or toggle (nopan: a click there is no pan).

/** A config: its type's icon, name and type, health as the colour of its left edge; links to its page. */
export function ConfigNode({ data }: NodeProps<ConfigFlowNode>) {
  const { config, root, direction } = data;
  const health = config.health ?? 'unknown';
  return (
    <div style={{ ...NODE_SIZE.config, pointerEvents: 'all' }} data-testid="relationship-node" data-health={health}>
      <Handles direction={direction} />
      <Link
        to={`/catalog/${config.id}`}
        title={`${config.name} (${config.type}), ${health}`}
        className={cn(
          'nopan nodrag flex h-full items-center gap-2 rounded-md border border-l-4 bg-surface px-3 text-left shadow-sm hover:bg-surface-muted',
          HEALTH_BORDER[healthValueColour(config.health)],
          root ? 'border-accent ring-2 ring-accent/40' : 'border-border',
          config.deleted_at ? 'opacity-60' : '',
        )}
      >
        <ConfigTypeIcon type={config.type} className="size-5 shrink-0 text-fg-muted" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-fg">{config.name}</span>
          <span className="block truncate text-xs text-fg-muted">{config.type}</span>
        </span>
      </Link>
    </div>
  );
}

/** The intermediary node of 3 or more related configs of one type; a click shows or hides them. */
export function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  const { type, count, expanded, direction, onToggle } = data;
  const Chevron = expanded ? ChevronDown : ChevronRight;
  return (
    <div style={{ ...NODE_SIZE.group, pointerEvents: 'all' }}>
      <Handles direction={direction} />
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${count} ${type}`}
        className="nopan nodrag flex h-full w-full cursor-pointer items-center gap-2 rounded-full border border-dashed border-border-strong bg-surface-muted px-3 text-sm text-fg hover:bg-surface"
      >
        <Chevron aria-hidden className="size-4 shrink-0 text-fg-muted" />
        <ConfigTypeIcon type={type} className="size-4 shrink-0 text-fg-muted" />
        <span className="min-w-0 truncate">{type}</span>
        <span className="ml-auto rounded-full bg-surface px-2 text-xs font-medium text-fg-muted">{count}</span>
      </button>
    </div>
  );
}
