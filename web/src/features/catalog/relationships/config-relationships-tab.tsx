import { RELATIONSHIP_GRAPH } from '@pharos/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../ui/button';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { useGraphEdges, useGraphRoot, useRelatedConfigs } from './api';
import { ComponentLinks } from './component-links';
import { DETAILS_NOT_FOUND } from './messages';
import type { EdgeStyle, GraphDirection } from './types';

// React Flow and dagre load with this tab only.
const RelationshipsGraph = lazy(() => import('./relationships-graph').then((m) => ({ default: m.RelationshipsGraph })));

const other = <T extends string>(values: readonly [T, T], value: T): T => (value === values[0] ? values[1] : values[0]);

export interface ConfigRelationshipsTabProps {
  /** The config; the route's :id when left out. */
  configId?: string;
  /** Shows deleted related configs (the catalog's 'Hide Deleted Catalog' preference turned off). */
  includeDeleted?: boolean;
}

/** The Relationships tab of a config (/catalog/{id}/relationships): its related configs as a graph. */
export function ConfigRelationshipsTab({ configId: given, includeDeleted = false }: ConfigRelationshipsTabProps) {
  const params = useParams();
  const configId = given ?? params['id'] ?? '';
  const root = useGraphRoot(configId);
  const related = useRelatedConfigs(configId, includeDeleted);
  const ids = useMemo(() => (related.data ? [configId, ...related.data.map((row) => row.id)] : undefined), [configId, related.data]);
  const edges = useGraphEdges(configId, ids, includeDeleted);
  const [direction, setDirection] = useState<GraphDirection>(RELATIONSHIP_GRAPH.directions[0]);
  const [edgeStyle, setEdgeStyle] = useState<EdgeStyle>(RELATIONSHIP_GRAPH.edgeStyles[0]);

  const error = root.error ?? related.error ?? edges.error;
  if (error) return <ErrorPanel error={error} />;
  const rows = related.data;
  if (root.data === undefined || rows === undefined || edges.data === undefined) return <Skeleton className="h-[32rem] w-full" />;
  if (root.data === null) return <p className="py-8 text-center text-fg-muted">{DETAILS_NOT_FOUND}</p>;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <ComponentLinks configId={configId} />
        <div className="ml-auto flex gap-2" role="group" aria-label="Graph layout">
          <Button variant="secondary" size="sm" onClick={() => setDirection(other(RELATIONSHIP_GRAPH.directions, direction))} aria-label={`Direction ${direction}`}>
            Direction: {direction}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEdgeStyle(other(RELATIONSHIP_GRAPH.edgeStyles, edgeStyle))} aria-label={`Edges ${edgeStyle}`}>
            Edges: {edgeStyle}
          </Button>
        </div>
      </div>
      <div className="h-[32rem] rounded-md border border-border bg-canvas" data-testid="relationships-graph">
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <RelationshipsGraph root={root.data} related={rows} relationships={edges.data} direction={direction} edgeStyle={edgeStyle} />
        </Suspense>
      </div>
    </div>
  );
}
