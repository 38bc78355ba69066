import type { Locator, Page } from 'playwright-core';

/** The two screen sizes every journey of a table screen is run at. */
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/**
 * Throws when the page scrolls sideways or a table of the main pane is wider than the pane: what a person
 * would have to scroll horizontally to read. Names each table that overflows and by how many pixels.
 */
export async function expectNoHorizontalOverflow(page: Page, tables = 'main table'): Promise<void> {
  const problems = await page.evaluate((selector) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    const main = document.querySelector('main');
    const paneRight = main ? main.getBoundingClientRect().right : root.clientWidth;
    document.querySelectorAll<HTMLElement>(selector).forEach((table, index) => {
      const right = table.getBoundingClientRect().right;
      const label = table.getAttribute('aria-label') ?? `table ${index + 1}`;
      if (right > paneRight + 1) found.push(`${label} reaches ${Math.round(right - paneRight)}px past the pane`);
      const scroller = table.parentElement;
      if (scroller && scroller.scrollWidth > scroller.clientWidth + 1 && getComputedStyle(scroller).overflowX !== 'visible') {
        found.push(`${label} is ${table.scrollWidth}px wide in a ${scroller.clientWidth}px pane`);
      }
    });
    return found;
  }, tables);
  if (problems.length > 0) throw new Error(`Horizontal overflow at ${page.viewportSize()?.width}px: ${problems.join('; ')}`);
}

/** Throws unless the middle of `locator` is what a person sees there: no drawer, dialog or overlay drawn over it. */
export async function expectOnTop(locator: Locator): Promise<void> {
  const covered = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && (top === element || element.contains(top))) return null;
    return top ? `${top.tagName.toLowerCase()}${top.getAttribute('role') ? `[role=${top.getAttribute('role')}]` : ''} "${(top.textContent ?? '').slice(0, 40)}"` : 'nothing';
  });
  if (covered !== null) throw new Error(`${await locator.textContent()} is covered by ${covered}`);
}
