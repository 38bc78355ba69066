import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../ui/button';
import type { ResourceRef } from '../../ui/resource-extensions';
import { usePlaybooksFor } from './api';
import { resourceNoun } from './resource-noun';
import { RunPlaybookModal, type RunnablePlaybook } from './run-modal';

const itemClass = 'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * Playbooks: those that can run on a check, component or config (`GET /api/playbook/list`), each
 * opening the Run playbook modal for it; disabled, and saying so, when none applies.
 */
export function PlaybooksMenu({ target }: { target: ResourceRef }) {
  const playbooks = usePlaybooksFor(target);
  const [chosen, setChosen] = useState<RunnablePlaybook | null>(null);
  const available = playbooks.data ?? [];
  return (
    <>
      {available.length === 0 ? (
        <Button variant="secondary" disabled title={playbooks.isPending ? 'Loading playbooks…' : `No playbooks apply to this ${resourceNoun(target)}`}>
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
