import { describe, expect, it } from 'vitest';
import { DateTime } from './date-time';
import { render, screen } from './testing/render';

const date = new Date(2024, 0, 5, 15, 7, 9, 42);

describe('DateTime', () => {
  it('renders each of the product formats in local time', () => {
    render(
      <ul>
        <li data-testid="time"><DateTime value={date} format="time" /></li>
        <li data-testid="monthDay"><DateTime value={date} format="monthDay" /></li>
        <li data-testid="dateTime"><DateTime value={date} /></li>
        <li data-testid="timestamp"><DateTime value={date.toISOString()} format="timestamp" /></li>
        <li data-testid="logTimestamp"><DateTime value={date.getTime()} format="logTimestamp" /></li>
      </ul>,
    );
    expect(screen.getByTestId('time').textContent).toBe('3:07 PM');
    expect(screen.getByTestId('monthDay').textContent).toBe('Jan 05');
    expect(screen.getByTestId('dateTime').textContent).toBe('3:07 PM, Jan 05, 2024');
    expect(screen.getByTestId('timestamp').textContent).toBe('2024-01-05 15:07');
    expect(screen.getByTestId('logTimestamp').textContent).toBe('2024-01-05 15:07.09.042');
    const short = screen.getByText('3:07 PM');
    expect(short.getAttribute('title')).toBe('3:07 PM, Jan 05, 2024');
    expect(short.getAttribute('datetime')).toBe(date.toISOString());
  });

  it('shows the fallback for empty, zero and invalid dates', () => {
    render(
      <>
        <DateTime value="" fallback={<span>a</span>} />
        <DateTime value="0001-01-01T00:00:00Z" fallback={<span>b</span>} />
        <DateTime value="not a date" fallback={<span>c</span>} />
      </>,
    );
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getByText('b')).toBeTruthy();
    expect(screen.getByText('c')).toBeTruthy();
  });
});
