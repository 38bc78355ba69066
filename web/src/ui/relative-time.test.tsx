import { formatDateTime } from '@pharos/core';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './relative-time';
import { render, screen } from './testing/render';

afterEach(() => {
  vi.useRealTimers();
});

describe('RelativeTime', () => {
  it('shows the relative time with the full date as title, and moves on every minute', () => {
    vi.useFakeTimers();
    const start = new Date(2024, 0, 5, 15, 7, 0);
    vi.setSystemTime(start);
    const value = new Date(start.getTime() - 5 * 60_000);
    render(<RelativeTime value={value} />);
    const time = screen.getByText('5m ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe(formatDateTime(value));
    expect(time.getAttribute('datetime')).toBe(value.toISOString());
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('6m ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByText('1h ago')).toBeTruthy();
  });

  it('shows the fallback for empty and zero dates', () => {
    render(
      <>
        <RelativeTime value="0001-01-01T00:00:00Z" fallback={<span>never</span>} />
        <RelativeTime value={null} fallback={<span>-</span>} />
      </>,
    );
    expect(screen.getByText('never')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
