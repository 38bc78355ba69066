import { LOG_TABLE } from '@pharos/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEventScroll, mockLayout } from '../../ui/testing/render';
import type { LogLine } from './api';
import { LogViewer } from './log-viewer';
import { rangeOfStartParam, startParamOf } from './logs-params';

const lines = (count: number): LogLine[] =>
  Array.from({ length: count }, (_, index) => ({ timestamp: new Date(Date.UTC(2026, 10, 25, 9, 0, 0, index)).toISOString(), message: `line ${index}`, labels: {} }));

let restore: () => void = () => undefined;
beforeEach(() => {
  restore = mockLayout(620);
  // Each row measures its estimate (jsdom lays nothing out).
  const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => LOG_TABLE.rowHeight });
  const restoreLayout = restore;
  restore = () => {
    restoreLayout();
    if (saved) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', saved);
  };
});
afterEach(() => restore());

describe('LogViewer', () => {
  it('renders only the rows in view plus an overscan of 10, and follows the scroll', async () => {
    render(<LogViewer lines={lines(10_000)} />);
    const table = screen.getByRole('table', { name: 'Logs' });
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    const shown = () => within(table).getAllByRole('row').filter((row) => row.hasAttribute('data-index'));
    // 620 px / 62 px = 10 rows in view, 10 more below.
    expect(shown().length).toBe(20);
    expect(screen.getByText('line 0')).toBeTruthy();
    expect(screen.queryByText('line 25')).toBeNull();

    await act(async () => fireEventScroll(screen.getByTestId('log-viewer-scroll'), 5000 * LOG_TABLE.rowHeight));
    expect(screen.getByText('line 5000')).toBeTruthy();
    expect(screen.queryByText('line 0')).toBeNull();
    expect(shown().length).toBeLessThanOrEqual(30);
  });
});

describe('the start parameter', () => {
  it('names relative, mapped and absolute ranges and reads them back; anything else is the last 2 days', () => {
    expect(startParamOf(rangeOfStartParam('15m'))).toBe('15m');
    expect(rangeOfStartParam('Yesterday')).toMatchObject({ type: 'mapped', display: 'Yesterday' });
    const absolute = rangeOfStartParam('2026-11-24T10:00:00.000Z/2026-11-24T12:00:00.000Z');
    expect(absolute).toMatchObject({ type: 'absolute', from: '2026-11-24T10:00:00.000Z', to: '2026-11-24T12:00:00.000Z' });
    expect(startParamOf(absolute)).toBe('2026-11-24T10:00:00.000Z/2026-11-24T12:00:00.000Z');
    expect(rangeOfStartParam(null)).toMatchObject({ type: 'relative', range: '2d' });
    expect(rangeOfStartParam('soon')).toMatchObject({ type: 'relative', range: '2d' });
    expect(rangeOfStartParam('2026-13-99/x')).toMatchObject({ type: 'relative', range: '2d' });
  });
});
