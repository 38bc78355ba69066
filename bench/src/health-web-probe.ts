import type { Page } from 'playwright-core';

/**
 * The script added to every document of the benchmark's pages: long tasks (PerformanceObserver
 * 'longtask', tasks of 50 ms and more) and the longest gap between two animation frames since the last
 * reset, and `readyAt` (Date.now()) at the first frame painted after `window.__benchReadyWhen()`
 * holds, for the time from a click in one document to a state of the next.
 */
export function probeScript(readyWhen: string): string {
  return `(() => {
    const bench = { tasks: [], starts: [], longestFrame: 0, readyAt: undefined, reset() { bench.tasks = []; bench.starts = []; bench.longestFrame = 0; } };
    window.__bench = bench;
    try {
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) { bench.tasks.push(entry.duration); bench.starts.push(entry.startTime); } }).observe({ type: 'longtask' });
    } catch {}
    let last = 0;
    const frame = (now) => { if (last) bench.longestFrame = Math.max(bench.longestFrame, now - last); last = now; requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    const ready = ${readyWhen};
    const watch = () => {
      if (bench.readyAt !== undefined) return;
      if (ready()) requestAnimationFrame(() => { bench.readyAt ??= Date.now(); });
      else setTimeout(watch, 5);
    };
    watch();
  })();`;
}

/** The readiness test of /health: the summary counts add up to `checks` and the pager counts `rows` rows below rendered rows. */
export function healthReady(checks: number, rows: number): string {
  return `() => {
    const summary = document.querySelector('[aria-label="Health summary"]');
    const counts = [...(summary?.textContent ?? '').matchAll(/(\\d+) (passing|failing)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const pager = document.querySelector('nav[aria-label="Pagination"]')?.textContent ?? '';
    const cells = document.querySelectorAll('table[aria-label="Checks"] tbody tr td').length;
    return counts === ${checks} && pager.includes(${JSON.stringify(`${rows.toLocaleString('en-US')} rows`)}) && cells > 1;
  }`;
}

/** Where the time of a page load went (ms from its navigation start): requests and long tasks. */
export async function loadTimeline(page: Page): Promise<{ name: string; start: number; end: number }[]> {
  return (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const rows = [{ name: 'document', start: 0, end: nav.responseEnd }, { name: 'DOMContentLoaded', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd }];
    for (const entry of performance.getEntriesByType('resource')) rows.push({ name: new URL(entry.name).pathname + new URL(entry.name).search, start: entry.startTime, end: entry.responseEnd });
    window.__bench.starts.forEach((start, i) => rows.push({ name: 'long task', start, end: start + window.__bench.tasks[i] }));
    rows.push({ name: 'painted', start: window.__bench.readyAt - performance.timeOrigin, end: window.__bench.readyAt - performance.timeOrigin });
    return rows.sort((a, b) => a.start - b.start);
  })()`)) as { name: string; start: number; end: number }[];
}

/** The readiness test of the static page: its last row exists. */
export const STATIC_READY = `() => document.getElementById('last-row') !== null`;

export interface Jank {
  /** Longest long task in ms; 0 when none reached 50 ms. */
  longestTask: number;
  /** Long tasks of 50 ms and more. */
  longTasks: number;
  /** Longest gap between two animation frames, in ms. */
  longestFrame: number;
}

export async function resetJank(page: Page): Promise<void> {
  await page.evaluate('window.__bench.reset()');
}

export async function readJank(page: Page): Promise<Jank> {
  const { tasks, longestFrame } = (await page.evaluate('({ tasks: window.__bench.tasks, longestFrame: window.__bench.longestFrame })')) as { tasks: number[]; longestFrame: number };
  return { longestTask: Math.max(0, ...tasks), longTasks: tasks.length, longestFrame };
}

export async function readyAt(page: Page, timeout: number): Promise<number> {
  await page.waitForFunction('window.__bench && window.__bench.readyAt !== undefined', undefined, { timeout });
  return Number(await page.evaluate('window.__bench.readyAt'));
}
