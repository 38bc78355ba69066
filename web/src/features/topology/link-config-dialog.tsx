import { DEBOUNCE_MS } from '@pharos/core';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { ErrorPanel } from '../../ui/error-panel';
import { SearchBox } from '../../ui/search-box';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { TOPOLOGY_MESSAGES } from './messages';
import { useConfigOptions, useLinkConfig, type ConfigOption } from './panel-api';

function ConfigList({ search, chosen, onChoose }: { search: string; chosen: string | null; onChoose: (config: ConfigOption) => void }) {
  const configs = useConfigOptions(search, true);
  if (configs.isPending) return <Skeleton className="h-24 w-full" />;
  if (configs.isError) return <ErrorPanel error={configs.error} />;
  if (configs.data.length === 0) return <p className="text-sm text-fg-muted">No result</p>;
  return (
    <fieldset className="max-h-72 space-y-1 overflow-auto">
      <legend className="sr-only">Catalog item</legend>
      {configs.data.map((config) => (
        <label key={config.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-muted">
          <input type="radio" name="config" checked={chosen === config.id} onChange={() => onChoose(config)} />
          <span className="min-w-0 flex-1 truncate">{config.name ?? config.id}</span>
          <span className="shrink-0 text-xs text-fg-muted">{config.type}</span>
        </label>
      ))}
    </fieldset>
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
