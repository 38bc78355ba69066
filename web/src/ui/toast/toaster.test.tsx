import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from './toast-store';
import { Toaster } from './toaster';

describe('toasts', () => {
  it('appear top-right and close themselves after five seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Agent created');
      toast.error('Agent could not be deleted');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.className).toContain('top-4');
    expect(region.className).toContain('right-4');
    expect(screen.getByRole('status').textContent).toContain('Agent created');
    expect(screen.getByRole('alert').textContent).toContain('Agent could not be deleted');

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.queryByText('Agent created')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Agent created')).toBeNull();
    expect(screen.queryByText('Agent could not be deleted')).toBeNull();
  });

  it('close on their close button', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Copied to clipboard')).toBeNull();
  });
});
