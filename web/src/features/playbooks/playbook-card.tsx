import { EllipsisVertical, History, Pencil, Play, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import type { Playbook } from './api';
import { PlaybookIcon } from './playbook-icon';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

export interface PlaybookCardProps {
  playbook: Playbook;
  /** Write on playbooks: Run, edit and delete show. */
  canWrite: boolean;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A playbook: icon, title and description, History and Run, and the edit/delete menu. */
export function PlaybookCard({ playbook, canWrite, onRun, onEdit, onDelete }: PlaybookCardProps) {
  return (
    <Card>
      <article aria-label={playbook.title} className="flex h-full flex-col gap-3 p-4">
        <header className="flex items-start gap-3">
          <PlaybookIcon icon={playbook.icon ?? playbook.spec?.icon} />
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-sm font-semibold" title={playbook.title}>
              {playbook.title}
            </h3>
            {playbook.description && <p className="mt-0.5 line-clamp-3 text-[0.8125rem] text-fg-muted">{playbook.description}</p>}
          </div>
          {canWrite && (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="ghost" size="sm" aria-label={`Actions of ${playbook.title}`} className="px-1.5">
                  <EllipsisVertical className="size-4" aria-hidden="true" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-36 rounded-md border border-border bg-surface p-1 text-fg shadow-lg">
                  <DropdownMenu.Item className={itemClass} onSelect={onEdit}>
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={`${itemClass} text-danger`} onSelect={onDelete}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
        </header>
        <footer className="mt-auto flex justify-end gap-2">
          <Link
            to={`/playbooks/runs?playbook=${encodeURIComponent(playbook.id)}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-md border border-border-strong bg-surface px-3 text-[0.8125rem] font-medium text-fg hover:bg-surface-muted"
          >
            <History className="size-4" aria-hidden="true" />
            History
          </Link>
          {canWrite && (
            <Button size="sm" onClick={onRun}>
              <Play className="size-4" aria-hidden="true" />
              Run
            </Button>
          )}
        </footer>
      </article>
    </Card>
  );
}
