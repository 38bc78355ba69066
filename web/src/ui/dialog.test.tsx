import { DIALOG_SIZES } from '@pharos/core';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';
import { act, render, screen, within } from './testing/render';
import { toast } from './toast/toast-store';
import { Toaster } from './toast/toaster';

describe('Dialog', () => {
  it('opens from its trigger with a title, description and body, and closes on Esc', async () => {
    const user = userEvent.setup();
    render(
      <Dialog trigger={<Button>Open</Button>} title="Add connection" description="Where to connect">
        <p>Body</p>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Add connection' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Where to connect')).toBeTruthy();
    expect(screen.getByText('Body')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus returns to the trigger.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('stays open when a toast raised over it is closed', async () => {
    // The toast stack is drawn above the dialog; Radix makes the page under a modal dialog inert to the pointer.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onOpenChange = vi.fn();
    render(
      <>
        <Dialog open onOpenChange={onOpenChange} title="Edit">
          body
        </Dialog>
        <Toaster />
      </>,
    );
    act(() => toast.success('Saved'));
    const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
    await user.click(within(notifications).getByRole('button', { name: 'Close', hidden: true }));
    expect(within(notifications).queryByText('Saved')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
  });

  it('closes with its close button and reports the change', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Edit">
        body
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('renders each size of the spec', () => {
    for (const size of DIALOG_SIZES) {
      const { unmount } = render(
        <Dialog open title={`Size ${size}`} size={size}>
          x
        </Dialog>,
      );
      expect(screen.getByRole('dialog', { name: `Size ${size}` }).getAttribute('data-size')).toBe(size);
      unmount();
    }
  });

  it('closes from a footer button wrapped in DialogClose', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title="Delete"
          footer={
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          }
        >
          x
        </Dialog>
      );
    }
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
