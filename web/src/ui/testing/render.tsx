import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

export interface RouterRender extends RenderResult {
  /** The current query string of the memory router, without the leading '?'. */
  search: () => string;
  /** One parameter of the current query string. */
  param: (name: string) => string | null;
}

const PROBE_ID = 'router-location-search';

function Probe() {
  return (
    <output data-testid={PROBE_ID} hidden>
      {useLocation().search.replace(/^\?/, '')}
    </output>
  );
}

/** Renders inside a memory router starting at `url`; the current URL can be read back. */
export function renderWithRouter(ui: ReactNode, url = '/'): RouterRender {
  // One router for the whole test, so a rerender keeps the URL.
  const router = (node: ReactNode) => (
    <MemoryRouter initialEntries={[url]}>
      {node}
      <Probe />
    </MemoryRouter>
  );
  const result = render(router(ui));
  const search = () => result.getByTestId(PROBE_ID).textContent ?? '';
  return {
    ...result,
    rerender: (node: ReactNode) => result.rerender(router(node)),
    search,
    param: (name) => new URLSearchParams(search()).get(name),
  };
}

/** Gives elements a layout size jsdom does not compute (for virtual lists and CodeMirror). */
export function mockLayout(height: number, width = 800): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  };
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
    }
  };
}

export { act, render, screen, waitFor, within } from '@testing-library/react';

/** Scrolls an element to `top` and dispatches the scroll event jsdom does not send by itself. */
export function fireEventScroll(element: HTMLElement, top: number): void {
  element.scrollTop = top;
  element.dispatchEvent(new Event('scroll'));
}
