import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { toast } from '../../ui/toast/toast-store';
import { downloadKubeconfig, KUBECONFIG_FALLBACK_NAME } from './api/kubeconfig';

export const KUBECONFIG_DIALOG_TITLE = 'Download and install kubeconfig';

const codeClass = 'rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.8125rem] text-fg';

/** Explains the kubeconfig file and downloads it (a new access token of the signed-in user). */
export default function KubeconfigDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const download = useMutation({
    mutationFn: downloadKubeconfig,
    onSuccess: (filename) => toast.success(`Saved ${filename}`),
    // Shown in the dialog: a toast would sit behind it.
    meta: { errorToast: false },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title={KUBECONFIG_DIALOG_TITLE}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button loading={download.isPending} onClick={() => download.mutate()}>
            {!download.isPending && <Download className="size-4" aria-hidden="true" />}
            Download
          </Button>
        </>
      }
    >
      <ol className="list-decimal space-y-3 pl-5 text-sm text-fg">
        <li>
          Download the file. It holds a new access token of yours, valid for 30 days: keep it private, like a password.
        </li>
        <li>
          Point <code className={codeClass}>kubectl</code> at it, e.g.{' '}
          <code className={codeClass}>export KUBECONFIG=~/Downloads/{KUBECONFIG_FALLBACK_NAME}</code>, or merge it into{' '}
          <code className={codeClass}>~/.kube/config</code>.
        </li>
        <li>
          Check the connection with <code className={codeClass}>kubectl config current-context</code>: it prints{' '}
          <code className={codeClass}>pharos</code>.
        </li>
      </ol>
      {download.isError && (
        <p role="alert" className="mt-4 rounded-md border border-danger-border bg-danger-soft px-3 py-2 text-sm text-danger">
          {download.error.message}
        </p>
      )}
    </Dialog>
  );
}
