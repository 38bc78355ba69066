import { PLAYBOOK_PAGE_SIZES } from '@pharos/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AgentBadge } from '../../ui/agent-badge';
import { ErrorPanel } from '../../ui/error-panel';
import { linkClass } from '../../ui/link-styles';
import { Skeleton } from '../../ui/skeleton';
import { useResourceExtensions } from '../../ui/resource-extensions';
import { useComponentChecks, useComponentTeams } from './panel-api';
import { StatusDot } from './status-style';

export function PanelSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-fg-muted">{children}</p>;

/** The component's checks, each opening the health dashboard's drawer of that check. */
export function ChecksSection({ componentId }: { componentId: string }) {
  const checks = useComponentChecks(componentId);
  return (
    <PanelSection title="Checks">
      {checks.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : checks.isError ? (
        <ErrorPanel error={checks.error} hideDetails />
      ) : checks.data.length === 0 ? (
        <Empty>No checks are linked to this component.</Empty>
      ) : (
        <ul className="flex flex-col gap-1">
          {checks.data.map((check) => (
            <li key={check.id} className="flex min-w-0 items-center gap-2 text-sm">
              <StatusDot status={check.status ?? 'unknown'} className="size-2" />
              <Link to={`/health?checkId=${encodeURIComponent(check.id)}`} className="min-w-0 flex-1 truncate hover:underline" title={check.name}>
                {check.name}
              </Link>
              <AgentBadge agentId={check.agent_id} name={check.agents?.name} />
              <span className="shrink-0 text-xs text-fg-muted">{check.type}</span>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

/** The teams that own the component. */
export function TeamsSection({ componentId }: { componentId: string }) {
  const teams = useComponentTeams(componentId);
  return (
    <PanelSection title="Teams">
      {teams.isPending ? (
        <Skeleton className="h-8 w-full" />
      ) : teams.isError ? (
        <ErrorPanel error={teams.error} hideDetails />
      ) : teams.data.length === 0 ? (
        <Empty>No team owns this component.</Empty>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {teams.data.map((row) => (
            <li key={row.team_id}>
              <Link to={`/settings/teams/${encodeURIComponent(row.team_id)}`} className={linkClass}>
                {row.team.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

/** The playbooks that can run on the component (each with Run) and its runs, 50 at a time, more as the list scrolls near its end. */
export function PlaybookRunsSection({ componentId }: { componentId: string }) {
  const { PlaybooksMenu, PlaybookRuns } = useResourceExtensions();
  const target = { component_id: componentId };
  if (!PlaybookRuns) return null;
  return (
    <PanelSection title="Playbook runs" action={PlaybooksMenu && <PlaybooksMenu target={target} />}>
      <PlaybookRuns target={target} pageSize={PLAYBOOK_PAGE_SIZES.panel} />
    </PanelSection>
  );
}
