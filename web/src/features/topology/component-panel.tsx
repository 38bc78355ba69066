import { agentLink, LOCAL_AGENT_ID, type TopologyComponent } from '@pharos/core';
import { FileText, Lightbulb, Siren } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Guard } from '../../app/access/guard';
import { cn } from '../../ui/cn';
import { linkClass } from '../../ui/link-styles';
import { RelativeTime } from '../../ui/relative-time';
import { useResourceExtensions } from '../../ui/resource-extensions';
import { ComponentIcon } from './component-icon';
import { LinkConfigDialog } from './link-config-dialog';
import { ChecksSection, PanelSection, PlaybookRunsSection, TeamsSection } from './panel-sections';
import { SnapshotDialog } from './snapshot-dialog';
import { StatusDot, statusTextClass } from './status-style';
import { statusOf } from './topology-sort';
import { useAgents } from './topology-api';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** A link looking like the small secondary buttons beside it. */
const actionLinkClass =
  'inline-flex h-8 items-center justify-center gap-2 rounded-md border border-border-strong bg-surface px-3 text-[0.8125rem] font-medium whitespace-nowrap text-fg transition-colors hover:bg-surface-muted';

/**
 * The sidebar of the selected component: its facts, its actions (view logs, link to incident,
 * incidents and insights, link to catalog item, snapshot), its checks, incidents, teams and playbook runs.
 */
export function ComponentPanel({ component }: { component: TopologyComponent }) {
  const status = statusOf(component);
  const id = encodeURIComponent(component.id);
  const name = component.title || component.name;
  const labels = Object.entries(component.labels ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const { LinkToIncident, RelatedIncidents, SuspectChanges, SuggestedFixes } = useResourceExtensions();
  return (
    <aside aria-label="Component details" className="flex w-full shrink-0 flex-col gap-5 border-border lg:w-80 lg:border-l lg:pl-4 xl:w-[30rem]">
      <header className="flex min-w-0 items-start gap-2">
        <ComponentIcon icon={component.icon} type={component.type} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold" title={component.name}>
            {name}
          </h2>
          <p className={cn('flex items-center gap-1.5 text-sm capitalize', statusTextClass(status))}>
            <StatusDot status={status} />
            {status}
          </p>
          {component.status_reason && <p className="mt-1 text-sm text-fg-muted">{component.status_reason}</p>}
        </div>
      </header>

      <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
        <Guard resource="database" features={['logs']}>
          <Link to={`/logs?topologyId=${id}`} className={actionLinkClass}>
            <FileText aria-hidden="true" className="size-4" />
            View Logs
          </Link>
        </Guard>
        <Guard resource="evidences" action="write" features={['incidents']}>
          {LinkToIncident && <LinkToIncident target={{ component_id: component.id }} description={name} compact />}
        </Guard>
        <Guard resource="database" action="write">
          <LinkConfigDialog componentId={component.id} />
        </Guard>
        <SnapshotDialog componentId={component.id} />
      </div>

      <nav aria-label="Related" className="flex flex-wrap gap-4 text-sm">
        <Guard resource="incident" features={['incidents']}>
          <Link to={`/incidents?component=${id}`} className={cn(linkClass, 'inline-flex items-center gap-1')}>
            <Siren aria-hidden="true" className="size-4" />
            Incidents
          </Link>
        </Guard>
        <Guard resource="database" features={['config']}>
          <Link to={`/catalog/insights?component=${id}`} className={cn(linkClass, 'inline-flex items-center gap-1')}>
            <Lightbulb aria-hidden="true" className="size-4" />
            Insights
          </Link>
        </Guard>
      </nav>

      <PanelSection title="Details">
        <dl className="grid grid-cols-2 gap-3">
          <Fact label="Type">{component.type ?? '–'}</Fact>
          <Fact label="Agent">
            <AgentName agentId={component.agent_id} />
          </Fact>
          <Fact label="Created">
            <RelativeTime value={component.created_at} fallback="–" />
          </Fact>
          <Fact label="Updated">
            <RelativeTime value={component.updated_at} fallback="–" />
          </Fact>
          {component.external_id && <Fact label="External ID">{component.external_id}</Fact>}
          {component.topology_id && (
            <Fact label="Topology">
              <Link to={`/settings/topologies/${encodeURIComponent(component.topology_id)}`} className={linkClass}>
                Open spec
              </Link>
            </Fact>
          )}
        </dl>
        {labels.length > 0 && (
          <ul aria-label="Labels" className="flex flex-wrap gap-1">
            {labels.map(([key, value]) => (
              <li key={key} className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
                {key}: {value}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>

      <ChecksSection componentId={component.id} />
      <Guard resource="database" features={['config']}>
        {SuspectChanges && <SuspectChanges anchor={{ component_id: component.id }} />}
      </Guard>
      <Guard resource="playbooks" features={['playbooks']}>
        {SuggestedFixes && <SuggestedFixes target={{ component_id: component.id }} />}
      </Guard>
      <Guard resource="incident" features={['incidents']}>
        {RelatedIncidents && <RelatedIncidents target={{ component_id: component.id }} />}
      </Guard>
      <TeamsSection componentId={component.id} />
      <PlaybookRunsSection componentId={component.id} />
    </aside>
  );
}

/** The local agent by name; a remote one by name (its id while names load), linked to its edit modal. */
function AgentName({ agentId }: { agentId: string | null | undefined }) {
  const agents = useAgents();
  if (!agentId || agentId === LOCAL_AGENT_ID) return <>local</>;
  const name = agents.data?.find((agent) => agent.id === agentId)?.name ?? agentId;
  return (
    <Link to={agentLink(agentId)} className={linkClass}>
      {name}
    </Link>
  );
}
