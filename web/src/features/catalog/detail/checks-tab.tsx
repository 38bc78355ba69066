import { Link } from 'react-router';
import { AgentBadge } from '../../../ui/agent-badge';
import { ErrorPanel } from '../../../ui/error-panel';
import { linkClass } from '../../../ui/link-styles';
import { RelativeTime } from '../../../ui/relative-time';
import { Skeleton } from '../../../ui/skeleton';
import { useConfigChecks } from './detail-api';
import { HealthBadge } from './health-badge';

/** The health checks related to the config, each opening its drawer on /health. */
export function ChecksTab({ configId }: { configId: string }) {
  const checks = useConfigChecks(configId);
  if (checks.isPending) return <Skeleton className="h-24 w-full" />;
  if (checks.isError) return <ErrorPanel error={checks.error} />;
  if (checks.data.length === 0) return <p className="text-sm text-fg-muted">No health checks are related to this config.</p>;
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs text-fg-muted">
        <tr>
          <th className="py-1.5 pr-3 font-medium">Name</th>
          <th className="py-1.5 pr-3 font-medium">Health</th>
          <th className="py-1.5 pr-3 font-medium">Type</th>
          <th className="py-1.5 pr-3 font-medium">Canary</th>
          <th className="py-1.5 pr-3 font-medium">Uptime (24h)</th>
          <th className="py-1.5 font-medium">Last run</th>
        </tr>
      </thead>
      <tbody>
        {checks.data.map((check) => (
          <tr key={check.id} className="border-t border-border">
            <td className="py-1.5 pr-3">
              <span className="flex items-center gap-1.5">
                <Link to={`/health?checkId=${encodeURIComponent(check.id)}`} className={linkClass}>
                  {check.name}
                </Link>
                <AgentBadge agentId={check.agent_id} name={check.agents?.name} />
              </span>
            </td>
            <td className="py-1.5 pr-3">
              <HealthBadge health={check.status} />
            </td>
            <td className="py-1.5 pr-3">{check.type}</td>
            <td className="py-1.5 pr-3">{check.canary_name ?? '–'}</td>
            <td className="py-1.5 pr-3">
              {check.uptime.passed} passed, {check.uptime.failed} failed
            </td>
            <td className="py-1.5">
              <RelativeTime value={check.last_runtime} fallback="–" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
