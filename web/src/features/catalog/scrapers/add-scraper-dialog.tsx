import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { toast } from '../../../ui/toast/toast-store';
import { ScraperForm } from './scraper-form';

export interface AddScraperDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the new scraper is saved. */
  onCreated: (id: string | null) => void;
}

/** 'Add Catalog Scraper': the scraper form for a new scraper (its own, not the generic YAML dialog). */
export function AddScraperDialog({ open, onOpenChange, onCreated }: AddScraperDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Catalog Scraper" size="large" preventOutsideClose>
      {open && (
        <ScraperForm
          onSaved={(saved) => {
            toast.success(`${saved.name} created successfully`);
            onOpenChange(false);
            onCreated(saved.id);
          }}
          secondaryActions={
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          }
        />
      )}
    </Dialog>
  );
}
