import { DEBOUNCE_MS } from '@pharos/core';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { PickerList } from '../../ui/picker-list';
import { SearchBox } from '../../ui/search-box';
import { toast } from '../../ui/toast/toast-store';
import { TOPOLOGY_MESSAGES } from './messages';
import { useConfigOptions, useLinkConfig, type ConfigOption } from './panel-api';

function ConfigList({ search, chosen, onChoose }: { search: string; chosen: string | null; onChoose: (config: ConfigOption) => void }) {
  return (
    <PickerList options={useConfigOptions(search, true)} legend="Catalog item" name="config" chosen={chosen} onChoose={onChoose}>
      {(config) => (
        <>
          <span className="min-w-0 flex-1 truncate">{config.name ?? config.id}</span>
          <span className="shrink-0 text-xs text-fg-muted">{config.type}</span>
        </>
      )}
    </PickerList>
  );
}

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error));

/** Link to catalog item: pick a config and link it to the component by hand (selector_id manual). */
export function LinkConfigDialog({ componentId }: { componentId: string }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ConfigOption | null>(null);
  const link = useLinkConfig(componentId);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setChosen(null);
      setSearch('');
    }
  };

  const submit = () => {
    if (!chosen) return;
    link.mutate(chosen.id, {
      onSuccess: () => {
        toast.success(TOPOLOGY_MESSAGES.configLinked);
        changeOpen(false);
      },
      onError: (error) => toast.error(messageOf(error)),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="secondary" size="sm">
          <Link2 aria-hidden="true" className="size-4" />
          Link to catalog item
        </Button>
      }
      title="Link to catalog item"
      description="Links a catalog item to this component."
      size="small"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button onClick={submit} disabled={!chosen} loading={link.isPending}>
            Link
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SearchBox label="Search catalog" placeholder="Search catalog items" value={search} onChange={setSearch} delay={DEBOUNCE_MS.configPickerSearch} />
        {open && <ConfigList search={search} chosen={chosen?.id ?? null} onChoose={setChosen} />}
      </div>
    </Dialog>
  );
}
