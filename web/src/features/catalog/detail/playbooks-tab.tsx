import { PLAYBOOK_PAGE_SIZES } from '@pharos/core';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import type { ConfigDetail } from './detail-api';

/** The playbooks that can run on this config, each with Run, and the runs on it (both from the playbooks area). */
export function PlaybooksTab({ config }: { config: ConfigDetail }) {
  const { AvailablePlaybooks, PlaybookRuns } = useResourceExtensions();
  const target = { config_id: config.id };
  return (
    <div className="space-y-6">
      {AvailablePlaybooks && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold">Playbooks that apply</h2>
          <AvailablePlaybooks target={target} />
        </section>
      )}
      {PlaybookRuns && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold">Runs</h2>
          <PlaybookRuns target={target} pageSize={PLAYBOOK_PAGE_SIZES.configPlaybooksTab} maxHeight="60vh" />
        </section>
      )}
    </div>
  );
}
