import { PLAYBOOK_PAGE_SIZES } from '@pharos/core';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { linkClass } from '../../../ui/link-styles';
import { Skeleton } from '../../../ui/skeleton';
import { PlaybookRunsList } from '../../playbooks/runs/playbook-runs-list';
import { usePlaybooksForConfigs, type ConfigDetail } from './detail-api';
import { playbookMayApplyToConfig } from './playbook-config-match';

function PlaybooksThatApply({ config }: { config: ConfigDetail }) {
  const playbooks = usePlaybooksForConfigs();
  if (playbooks.isPending) return <Skeleton className="h-12 w-full" />;
  if (playbooks.isError) return <ErrorPanel error={playbooks.error} />;
  const target = { ...config, labels: config.labels ?? {}, tags: config.tags ?? {} };
  const matching = playbooks.data.filter((playbook) => playbookMayApplyToConfig(playbook.spec, target));
  if (matching.length === 0) return <p className="text-sm text-fg-muted">No playbooks apply to this config.</p>;
  return (
    <ul aria-label="Playbooks that apply" className="space-y-1.5">
      {matching.map((playbook) => (
        <li key={playbook.id} className="text-sm">
          <Link to={`/playbooks/${encodeURIComponent(playbook.id)}`} className={linkClass}>
            {playbook.title}
          </Link>
          <span className="ml-2 text-xs text-fg-muted">{playbook.category ?? 'Other'}</span>
          {playbook.description && <p className="text-xs text-fg-muted">{playbook.description}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The playbooks whose `spec.configs` selectors could pick this config, and the runs on it. Running
 * a playbook from here comes with the playbooks area.
 */
export function PlaybooksTab({ config }: { config: ConfigDetail }) {
  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h2 className="text-sm font-semibold">Playbooks that apply</h2>
        <PlaybooksThatApply config={config} />
      </section>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold">Runs</h2>
        <PlaybookRunsList target={{ config_id: config.id }} pageSize={PLAYBOOK_PAGE_SIZES.configPlaybooksTab} maxHeight="60vh" />
      </section>
    </div>
  );
}
