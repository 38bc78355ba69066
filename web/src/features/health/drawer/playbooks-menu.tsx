import type { CheckSummary } from '@pharos/core';
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { RunPlaybookModal, type RunnablePlaybook } from '../../playbooks/run-modal';
import { usePlaybooksFor } from '../../playbooks/api';

const itemClass = 'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * Playbooks: those that can run on this check (`GET /api/playbook/list?check_id=`), each opening the
 * Run playbook modal for the check. Shown to those who may write playbook runs; disabled, and saying
 * so, when none applies.
 */
export function PlaybooksMenu({ check }: { check: CheckSummary }) {
  const target = { check_id: check.id };
  const playbooks = usePlaybooksFor(target);
  const [chosen, setChosen] = useState<RunnablePlaybook | null>(null);
  const available = playbooks.data ?? [];
  return (
    <>
      {available.length === 0 ? (
        <Button variant="secondary" disabled title={playbooks.isPending ? 'Loading playbooks…' : 'No playbooks apply to this check'}>
          Playbooks
        </Button>
      ) : (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button variant="secondary">
              Playbooks
              <ChevronDown className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-border bg-surface p-1 text-fg shadow-lg">
              {available.map((playbook) => (
                <DropdownMenu.Item key={playbook.id} className={itemClass} onSelect={() => setChosen(playbook)}>
                  {playbook.title}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      {chosen && <RunPlaybookModal playbook={chosen} target={target} open onOpenChange={(open) => !open && setChosen(null)} />}
    </>
  );
}
