import type { CheckSummary } from '@pharos/core';
import { describe, expect, it, vi } from 'vitest';
import { startEarlySummary, takeEarlySummary } from './early-summary';

const summary: CheckSummary[] = [];

describe('the summary request started as the dashboard loads', () => {
  it('asks for the range of the URL and is taken once, by the same range', async () => {
    const fetchSummary = vi.fn(() => Promise.resolve(summary));
    startEarlySummary({ pathname: '/health', search: '?timeRange=3mo&hidePassing=false' }, fetchSummary, 1000);
    expect(fetchSummary).toHaveBeenCalledWith('90d');
    await expect(takeEarlySummary('90d', 2000)).resolves.toBe(summary);
    expect(takeEarlySummary('90d', 2000)).toBeNull();
  });

  it('asks for the default hour without a range', () => {
    const fetchSummary = vi.fn(() => Promise.resolve(summary));
    startEarlySummary({ pathname: '/health', search: '' }, fetchSummary, 1000);
    expect(fetchSummary).toHaveBeenCalledWith('1h');
    expect(takeEarlySummary('1h', 1000)).not.toBeNull();
  });

  it('is not taken by another range, nor once stale, and is not started off the dashboard', () => {
    const fetchSummary = vi.fn(() => Promise.resolve(summary));
    startEarlySummary({ pathname: '/health', search: '' }, fetchSummary, 1000);
    expect(takeEarlySummary('7d', 1000)).toBeNull();
    startEarlySummary({ pathname: '/health', search: '' }, fetchSummary, 1000);
    expect(takeEarlySummary('1h', 11_001)).toBeNull();
    fetchSummary.mockClear();
    startEarlySummary({ pathname: '/incidents', search: '' }, fetchSummary, 1000);
    expect(fetchSummary).not.toHaveBeenCalled();
    expect(takeEarlySummary('1h', 1000)).toBeNull();
  });

  it('swallows the failure of a request nobody took', async () => {
    const failing = Promise.reject(new Error('offline'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarlySummary({ pathname: '/health', search: '' }, () => failing, 1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      takeEarlySummary('1h', 1000);
    }
  });
});
