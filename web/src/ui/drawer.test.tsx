import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Drawer } from './drawer';
import { render, screen } from './testing/render';

function Harness({ modal }: { modal?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show check</Button>
      <Drawer open={open} onOpenChange={setOpen} title="check-http" modal={modal} footer={<Button>Run Now</Button>}>
        <p>History</p>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('opens as a labelled side panel and closes on Esc', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Show check' }));
    const drawer = screen.getByRole('dialog', { name: 'check-http' });
    expect(drawer.getAttribute('data-side')).toBe('right');
    expect(screen.getByText('History')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Now' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button, also when not modal', async () => {
    const user = userEvent.setup();
    render(<Harness modal={false} />);
    await user.click(screen.getByRole('button', { name: 'Show check' }));
    expect(screen.getByRole('dialog', { name: 'check-http' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
