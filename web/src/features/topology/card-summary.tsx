import { formatCount, type ComponentSummary, type CountsByTypeAndSeverity } from '@pharos/core';
import { AlertTriangle, CircleCheck, Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../ui/cn';

const badgeClass =
  'inline-flex items-center gap-1 rounded-md border border-border bg-surface-muted px-1.5 py-0.5 text-xs hover:border-accent focus-visible:border-accent';

const total = (bySeverity: Record<string, number>) => Object.values(bySeverity).reduce((sum, n) => sum + (Number(n) || 0), 0);

function typeCounts(counts: CountsByTypeAndSeverity | undefined): [string, number][] {
  return Object.entries(counts ?? {})
    .map(([type, bySeverity]): [string, number] => [type, total(bySeverity)])
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

export interface CardSummaryProps {
  componentId: string;
  componentName: string;
  summary: ComponentSummary;
  /** Where the checks badge leads: the component's page, whose panel lists its checks. */
  checksTo: string;
  showIncidents: boolean;
}

/**
 * The checks, incidents and insights of a component as badges: checks by health (to the panel that
 * lists them), incidents by type (/incidents?type=…&component=…) and insights by type
 * (/catalog/insights?component=…&type=…).
 */
export function CardSummary({ componentId, componentName, summary, checksTo, showIncidents }: CardSummaryProps) {
  const checks = summary.checks;
  const checkCounts = checks ? ([['healthy', checks.healthy], ['unhealthy', checks.unhealthy], ['warning', checks.warning]] as const).filter(([, n]) => n > 0) : [];
  const incidents = showIncidents ? typeCounts(summary.incidents) : [];
  const insights = typeCounts(summary.insights);
  if (checkCounts.length === 0 && incidents.length === 0 && insights.length === 0) return null;
  const component = encodeURIComponent(componentId);
  return (
    <div aria-label={`Summary of ${componentName}`} role="group" className="flex flex-wrap items-center gap-1.5">
      {checkCounts.length > 0 && (
        <Link to={checksTo} className={badgeClass} aria-label={`Checks of ${componentName}: ${checkCounts.map(([health, n]) => `${n} ${health}`).join(', ')}`}>
          <CircleCheck aria-hidden="true" className="size-3.5 text-fg-muted" />
          {checkCounts.map(([health, n]) => (
            <span key={health} className={cn(health === 'healthy' ? 'text-success' : health === 'unhealthy' ? 'text-danger' : 'text-[light-dark(#dc6803,#fdb022)]')}>
              {formatCount(n)}
            </span>
          ))}
        </Link>
      )}
      {incidents.map(([type, n]) => (
        <Link key={`incident-${type}`} to={`/incidents?type=${encodeURIComponent(type)}&component=${component}`} className={badgeClass} aria-label={`${n} ${type} incidents`}>
          <AlertTriangle aria-hidden="true" className="size-3.5 text-danger" />
          {formatCount(n)} <span className="text-fg-muted">{type}</span>
        </Link>
      ))}
      {insights.map(([type, n]) => (
        <Link key={`insight-${type}`} to={`/catalog/insights?component=${component}&type=${encodeURIComponent(type)}`} className={badgeClass} aria-label={`${n} ${type} insights`}>
          <Lightbulb aria-hidden="true" className="size-3.5 text-info" />
          {formatCount(n)} <span className="text-fg-muted">{type}</span>
        </Link>
      ))}
    </div>
  );
}
