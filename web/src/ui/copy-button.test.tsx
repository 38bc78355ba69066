import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { render, screen } from './testing/render';
import { Toaster } from './toast/toaster';

function setClipboard(value: unknown) {
  Object.defineProperty(window.navigator, 'clipboard', { value, configurable: true });
}

describe('CopyButton', () => {
  it('copies the text and says Copied to clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    render(
      <>
        <CopyButton text={() => 'kubectl get pods'} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledWith('kubectl get pods');
    expect((await screen.findByRole('status')).textContent).toContain('Copied to clipboard');
  });

  it('says Clipboard not available without a clipboard', async () => {
    const user = userEvent.setup();
    setClipboard(undefined);
    render(
      <>
        <CopyButton text="x" label="Copy token" />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Clipboard not available');
  });

  it('says Failed to copy to clipboard when writing fails', async () => {
    const user = userEvent.setup();
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    render(
      <>
        <CopyButton text="x">Copy</CopyButton>
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to copy to clipboard');
  });
});
