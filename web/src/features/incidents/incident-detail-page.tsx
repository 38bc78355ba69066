import { DEBOUNCE_MS } from '@pharos/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDenied } from '../../app/access/denied';
import { useBreadcrumb } from '../../app/breadcrumb';
import { ErrorPanel } from '../../ui/error-panel';
import { Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useIncident, useUpdateIncident } from './api';
import { CommentForm, type NewComment } from './comment-form';
import { DeletedIncidentBanner } from './deleted-incident-banner';
import { ActionPlan } from './action-plan';
import { HypothesisTree } from './hypothesis-tree';
import { InlineText } from './inline-text';
import { SidePanels } from './side-panels';
import { StatusControl } from './status-control';
import type { IncidentDetail } from './types';
import { useDebouncedSave } from './use-debounced-save';

export const INCIDENT_NOT_FOUND = 'Incident not found';

/** `/incidents/{id}`: title, status, the hypothesis tree with comments and evidence, and the side panels. */
export function IncidentDetailPage() {
  const { id = '' } = useParams();
  const incident = useIncident(id);
  useDocumentTitle(`${incident.data?.title ?? 'Incident'} | Pharos`);

  if (incident.isPending) return <p className="text-sm text-fg-muted">Loading ...</p>;
  if (incident.isError) return <ErrorPanel error={incident.error} title="Could not load the incident" hideDetails />;
  if (!incident.data) return <p className="py-8 text-center text-sm text-fg-muted">{INCIDENT_NOT_FOUND}</p>;
  return <IncidentView incident={incident.data} fetching={incident.isFetching} />;
}

function IncidentView({ incident, fetching }: { incident: IncidentDetail; fetching: boolean }) {
  const [search] = useSearchParams();
  const expandAll = search.get('comments') === 'true';
  const [newComment, setNewComment] = useState<NewComment | null>(null);
  const denied = useDenied('incident');
  useBreadcrumb([{ label: 'Incidents', to: '/incidents' }, { label: incident.incident_id }]);
  const update = useUpdateIncident(incident.id);
  const saveTitle = useDebouncedSave<{ title: string }>((patch) => update.mutate(patch), DEBOUNCE_MS.incidentFieldUpdate);
  const components = new Map(
    incident.hypotheses.flatMap((h) => h.evidences).flatMap((e) => (e.component ? [[e.component.id, e.component] as const] : [])),
  );

  return (
    <main className="flex min-h-0 flex-col gap-4">
      <header className="flex flex-col gap-2">
        <DeletedIncidentBanner incident={incident} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 flex-1 text-lg font-semibold text-fg">
            <InlineText label="Incident title" value={incident.title} empty={incident.incident_id} onChange={(title) => title.trim() && saveTitle.schedule({ title: title.trim() })} onDone={saveTitle.flush} className="w-full" readOnlyReason={denied} />
          </h1>
          <StatusControl incident={incident} />
        </div>
      </header>
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-3">
          {components.size > 0 && (
            <ul aria-label="Components" className="flex flex-wrap gap-2">
              {[...components.values()].map((component) => (
                <li key={component.id}>
                  <Link to={`/topology/${encodeURIComponent(component.id)}`} className="rounded-full border border-border px-2 py-0.5 text-xs hover:bg-surface-muted">
                    {component.name ?? component.id}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Tabs
            label="Incident"
            items={[
              {
                value: 'comments',
                label: 'Comments',
                content: (
                  <div className="flex flex-col gap-4 pt-3">
                    <HypothesisTree incidentId={incident.id} hypotheses={incident.hypotheses} fetching={fetching} expandAll={expandAll} newComment={newComment} />
                    <CommentForm incidentId={incident.id} hypotheses={incident.hypotheses} onAdded={setNewComment} />
                  </div>
                ),
              },
              {
                value: 'action-plan',
                label: 'Action Plan',
                content: (
                  <div className="pt-3">
                    <ActionPlan hypotheses={incident.hypotheses} />
                  </div>
                ),
              },
            ]}
          />
        </div>
        <SidePanels incident={incident} />
      </div>
    </main>
  );
}
