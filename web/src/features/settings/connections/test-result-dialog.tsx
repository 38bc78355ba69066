import { CheckCircle2, XCircle } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { TEST_SUCCESS_MESSAGE, type ConnectionTestResult } from './api';

/** The answer of a connection test: 'Connection successful', or what went wrong (spec 3 section 8). */
export function TestResultDialog({ result, onClose }: { result: ConnectionTestResult | null; onClose: () => void }) {
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Test connection"
      size="small"
      footer={
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      }
    >
      {result?.ok ? (
        <p role="status" className="flex items-center gap-2 text-success">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {TEST_SUCCESS_MESSAGE}
        </p>
      ) : (
        result && (
          <div role="alert" className="flex items-start gap-2 text-danger">
            <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <pre className="max-h-80 min-w-0 flex-1 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">{result.message}</pre>
          </div>
        )
      )}
    </Dialog>
  );
}
