import type { CheckSummary } from '@pharos/core';
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { usePlaybooksForChecks } from './drawer-api';
import { playbookMayApply } from './playbook-match';

const itemClass = 'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * Playbooks: those whose `spec.checks` selectors could pick this check, each opening its playbook.
 * Shown to those who may write playbook runs; disabled, and saying so, when none applies.
 */
export function PlaybooksMenu({ check }: { check: CheckSummary }) {
  const playbooks = usePlaybooksForChecks(true);
  const matching = (playbooks.data ?? []).filter((playbook) => playbookMayApply(playbook.spec, check));
  if (matching.length === 0) {
    return (
      <Button variant="secondary" disabled title={playbooks.isPending ? 'Loading playbooks…' : 'No playbooks apply to this check'}>
        Playbooks
      </Button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">
          Playbooks
          <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-border bg-surface p-1 text-fg shadow-lg">
          {matching.map((playbook) => (
            <DropdownMenu.Item key={playbook.id} asChild className={itemClass}>
              <Link to={`/playbooks/${encodeURIComponent(playbook.id)}`}>{playbook.title}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
