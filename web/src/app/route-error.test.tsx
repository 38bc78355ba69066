import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { RootLayout, RouteError } from './root-layout';

function Broken(): never {
  throw new Error('render failed');
}

describe('a page that fails to render', () => {
  it("says 'Sorry.. there was an error' with the details", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/broken', {
      routes: [{ element: <RootLayout />, errorElement: <RouteError />, children: [{ path: 'broken', element: <Broken /> }] }],
    });
    expect(await screen.findByRole('heading', { name: 'Sorry.. there was an error' })).toBeTruthy();
    expect(screen.getByText('render failed')).toBeTruthy();
    expect(screen.getByText('Stack')).toBeTruthy();
    quiet.mockRestore();
  });
});
