import { screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPage, markAppStale, resetAppStale } from '../ui/app-update';
import { renderApp } from '../test/render-app';
import { RootLayout, RouteError } from './root-layout';
import { page } from './routes';
import { ScreenOutlet } from './shell-layout';

afterEach(() => {
  resetAppStale();
  vi.restoreAllMocks();
});

/** The error Chromium throws when a lazy route's file answers 404. */
const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/health-page-1a2b3c.js'));

function Home() {
  return <Link to="/elsewhere">Elsewhere</Link>;
}

describe('a route whose script is gone after a deploy', () => {
  it("says 'Pharos was updated — reload' and reloads on the next navigation", async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = renderApp('/health', {
      routes: [
        {
          element: <RootLayout />,
          errorElement: <RouteError />,
          children: [
            { element: <ScreenOutlet />, children: [{ path: 'health', element: page(gone) }] },
            { path: 'elsewhere', element: <p>elsewhere</p> },
          ],
        },
      ],
    });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Pharos was updated — reload');
    expect(screen.queryByText('Sorry.. there was an error')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await app.user.click(screen.getByRole('button', { name: 'reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    await app.router.navigate('/elsewhere');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('leaves other render errors as they were, without reloading', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = renderApp('/broken', {
      routes: [
        {
          element: <RootLayout />,
          errorElement: <RouteError />,
          children: [
            { element: <ScreenOutlet />, children: [{ path: 'broken', element: page(() => Promise.reject(new Error('render failed'))) }] },
            { path: 'home', element: <Home /> },
          ],
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Sorry.. there was an error' })).toBeTruthy();
    await app.router.navigate('/home');
    await screen.findByRole('link', { name: 'Elsewhere' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload the page it was found at, so a file still missing after a reload cannot loop', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    markAppStale();
    const app = renderApp('/home', { routes: [{ element: <RootLayout />, children: [{ path: 'home', element: <Home /> }, { path: 'elsewhere', element: <p>elsewhere</p> }] }] });
    await screen.findByRole('link', { name: 'Elsewhere' });
    expect(reload).not.toHaveBeenCalled();
    await app.user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
