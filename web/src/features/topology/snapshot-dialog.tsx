import { SNAPSHOT_DEFAULTS } from '@pharos/core';
import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog, DialogClose } from '../../ui/dialog';
import { toast } from '../../ui/toast/toast-store';
import { TOPOLOGY_MESSAGES } from './messages';
import { downloadSnapshot, SNAPSHOT_RANGES } from './panel-api';

/** Snapshot: a time range (the first by default) and whether related components come too (off by default). */
export function SnapshotDialog({ componentId }: { componentId: string }) {
  const rangeId = useId();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<string>(SNAPSHOT_RANGES[0].value);
  const [related, setRelated] = useState<boolean>(SNAPSHOT_DEFAULTS.related);
  const [busy, setBusy] = useState(false);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setStart(SNAPSHOT_RANGES[0].value);
      setRelated(SNAPSHOT_DEFAULTS.related);
    }
  };

  const download = async () => {
    setBusy(true);
    try {
      await downloadSnapshot(componentId, start, related);
      changeOpen(false);
    } catch {
      toast.error(TOPOLOGY_MESSAGES.snapshotFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="secondary" size="sm">
          <Camera aria-hidden="true" className="size-4" />
          Snapshot
        </Button>
      }
      title="Snapshot"
      description="Downloads the component with its checks, configs, changes, insights and incidents over a time range."
      size="small"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button onClick={() => void download()} loading={busy}>
            Download
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={rangeId} className="text-sm font-medium">
            Time range
          </label>
          <select
            id={rangeId}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            className="h-9 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg"
          >
            {SNAPSHOT_RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
        <Checkbox label="Include related components" checked={related} onChange={(event) => setRelated(event.target.checked)} />
      </div>
    </Dialog>
  );
}
