import { DIRECT_INTEGRATIONS, GITOPS_INTEGRATIONS } from '@pharos/core';
import { ChevronRight } from 'lucide-react';
import { useFeatureFlags } from '../../../app/access';

export type DirectOption = (typeof DIRECT_INTEGRATIONS)[number];

function OptionGroup({ title, options, onChoose }: { title: string; options: readonly string[]; onChoose: (option: string) => void }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <ul className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <li key={option}>
            <button
              type="button"
              onClick={() => onChoose(option)}
              className="flex w-full items-center justify-between gap-2 rounded-md border border-border px-3 py-2.5 text-left text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
            >
              {option}
              <ChevronRight className="size-4 text-fg-muted" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The choices of 'Add Integration': Add Directly (Log Backends only while logs are enabled) and Add via GitOps. */
export function AddIntegrationOptions({ onChoose }: { onChoose: (option: string) => void }) {
  const { flags } = useFeatureFlags();
  const direct = DIRECT_INTEGRATIONS.filter((option) => option !== 'Log Backends' || flags.isEnabled('logs'));
  return (
    <div className="flex flex-col gap-5">
      <OptionGroup title="Add Directly" options={direct} onChoose={onChoose} />
      <OptionGroup title="Add via GitOps" options={GITOPS_INTEGRATIONS} onChoose={onChoose} />
    </div>
  );
}
