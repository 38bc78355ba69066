import { MANUAL_SELECTOR_ID } from '@pharos/core';
import { Link2Off, Puzzle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast/toast-store';
import { useComponentLinks, useUnlinkComponent } from './api';
import { UNLINK_MESSAGES } from './messages';
import type { ComponentLink } from './types';

/**
 * The components this config is linked to. A link a user made (selector_id manual) can be removed,
 * after confirmation (spec 2 §4); links made by topologies cannot.
 */
export function ComponentLinks({ configId }: { configId: string }) {
  const links = useComponentLinks(configId);
  const unlink = useUnlinkComponent(configId);
  const [pending, setPending] = useState<ComponentLink | null>(null);

  if (!links.data || links.data.length === 0) return null;

  const confirm = async () => {
    if (!pending) return;
    try {
      await unlink.mutateAsync(pending.component_id);
      toast.success(UNLINK_MESSAGES.success);
      setPending(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  return (
    <section aria-label="Linked components" className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-fg-muted">Components</span>
      <ul className="flex flex-wrap gap-2">
        {links.data.map((link) => (
          <li key={link.component_id} className="flex items-center gap-1 rounded-md border border-border bg-surface py-0.5 pr-1 pl-2 text-sm">
            <Puzzle aria-hidden className="size-4 text-fg-muted" />
            <Link to={`/topology/${link.component_id}`} className="hover:underline">
              {link.component?.name ?? link.component_id}
            </Link>
            {link.selector_id === MANUAL_SELECTOR_ID && (
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-1"
                aria-label={`Unlink ${link.component?.name ?? link.component_id}`}
                title="Unlink"
                onClick={() => setPending(link)}
              >
                <Link2Off aria-hidden className="size-4" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={UNLINK_MESSAGES.title}
        message={UNLINK_MESSAGES.message}
        confirmLabel="Delete"
        variant="danger"
        onConfirm={confirm}
      />
    </section>
  );
}
