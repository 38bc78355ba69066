import { useParams, useSearchParams } from 'react-router';
import { useAllowed } from '../../app/access/guard';
import { ErrorPanel } from '../../ui/error-panel';
import { Skeleton } from '../../ui/skeleton';
import { useDocumentTitle } from '../../ui/use-document-title';
import { TOPOLOGY_MESSAGES } from './messages';
import { TopologyCard } from './topology-card';
import { useTopology } from './topology-api';
import { isComponentId } from './topology-params';
import { widthOfSizeParam } from './topology-preferences';

/**
 * `/view/topology/{id}`: one component's card on its own (to embed), its width from the `size`
 * parameter (small … extra_large, or pixels); 'Component not found' for an unknown id.
 */
export function TopologyViewPage() {
  const id = useParams()['id'] ?? '';
  const [search] = useSearchParams();
  const width = widthOfSizeParam(search.get('size'));
  const valid = isComponentId(id);
  const topology = useTopology({ id }, 0, valid);
  const showIncidents = useAllowed('incident', 'read', ['incidents']);
  const component = topology.data?.components.find((c) => c.id === id) ?? topology.data?.components[0];
  useDocumentTitle(component ? `${component.name} | Pharos` : 'Component | Pharos');

  if (valid && topology.isPending) {
    return (
      <div role="status" aria-label="Loading component" style={{ width }} className="max-w-full">
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (valid && topology.isError) return <ErrorPanel error={topology.error} title={TOPOLOGY_MESSAGES.loadFailed} hideDetails />;
  if (!component) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-lg font-semibold">{TOPOLOGY_MESSAGES.notFound}</h1>
      </section>
    );
  }
  return <TopologyCard component={component} width={width} linkTo={(target) => `/topology/${encodeURIComponent(target)}`} showIncidents={showIncidents} />;
}
