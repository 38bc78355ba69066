import { Link } from 'react-router';
import { linkClass } from '../../../ui/link-styles';

export interface RunResource {
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  config?: { name: string | null } | null;
  component?: { name: string | null } | null;
  check?: { name: string | null } | null;
}

/** Where a run's resource lives: a config's page, a component's dashboard, a check's drawer. */
export function resourceOf(run: RunResource): { kind: 'Config' | 'Component' | 'Check'; name: string; to: string } | null {
  if (run.config_id) return { kind: 'Config', name: run.config?.name ?? run.config_id, to: `/catalog/${encodeURIComponent(run.config_id)}` };
  if (run.component_id) return { kind: 'Component', name: run.component?.name ?? run.component_id, to: `/topology/${encodeURIComponent(run.component_id)}` };
  if (run.check_id) return { kind: 'Check', name: run.check?.name ?? run.check_id, to: `/health?checkId=${encodeURIComponent(run.check_id)}` };
  return null;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The run's config, component or check, linked (a click does not open the row's run). */
export function RunResourceLink({ run }: { run: RunResource }) {
  const resource = resourceOf(run);
  if (!resource) return null;
  return (
    <Link to={resource.to} className={linkClass} title={resource.kind} onClick={stop} onKeyDown={stop}>
      {resource.name}
    </Link>
  );
}

/** How long a run or action took (null until it has both started and ended). */
export function runDurationMs(run: { start_time: string | null; end_time: string | null }): number | null {
  if (!run.start_time || !run.end_time) return null;
  return Math.max(0, Date.parse(run.end_time) - Date.parse(run.start_time));
}
