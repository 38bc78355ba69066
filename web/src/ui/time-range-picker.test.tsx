import { DEFAULT_TIME_RANGE, type TimeRangeValue } from '@pharos/core';
import { fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from './testing/render';
import { absoluteRange, DEFAULT_RECENT_RANGES_KEY, TimeRangePicker } from './time-range-picker';

function Harness({ onChange = () => {} }: { onChange?: (v: TimeRangeValue) => void }) {
  const [value, setValue] = useState<TimeRangeValue>(DEFAULT_TIME_RANGE);
  return (
    <TimeRangePicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const trigger = () => screen.getByRole('button', { name: /^Time range:/ });

async function submitAbsolute(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await user.click(trigger());
  fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('TimeRangePicker', () => {
  it('shows the value and picks relative and mapped ranges', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(trigger().textContent).toBe('Last 2 days');
    await user.click(trigger());
    const relative = screen.getByRole('region', { name: 'Relative time ranges' });
    expect(within(relative).getAllByRole('button')).toHaveLength(16);
    expect(within(relative).getByRole('button', { name: 'Last 2 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(relative).getByRole('button', { name: 'Last 1 hour' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'relative', display: 'Last 1 hour', range: '1h' });
    expect(trigger().textContent).toBe('Last 1 hour');

    await user.click(trigger());
    const mapped = screen.getByRole('region', { name: 'Mapped time ranges' });
    expect(within(mapped).getAllByRole('button')).toHaveLength(14);
    await user.click(within(mapped).getByRole('button', { name: 'This week so far' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'mapped', display: 'This week so far', from: 'now/w', to: 'now' });
  });

  it('leaves out the mapped column when a screen offers no mapped ranges', async () => {
    const user = userEvent.setup();
    render(<TimeRangePicker value={DEFAULT_TIME_RANGE} onChange={() => {}} mappedRanges={[]} />);
    await user.click(trigger());
    expect(screen.getByRole('region', { name: 'Relative time ranges' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mapped time ranges' })).toBeNull();
  });

  it('submits an absolute range only once both ends are filled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-01T10:00' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-02-01T10:00' } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('The end is before the start')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-03-02T12:30' } });
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    const expected = absoluteRange('2024-03-01T10:00', '2024-03-02T12:30');
    expect(expected?.display).toBe('2024-03-01 10:00 to 2024-03-02 12:30');
    expect(onChange).toHaveBeenLastCalledWith(expected);
    expect(trigger().textContent).toBe('2024-03-01 10:00 to 2024-03-02 12:30');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('keeps the latest five absolute ranges, de-duplicated, in localStorage', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    for (let day = 1; day <= 6; day++) {
      await submitAbsolute(user, `2024-01-0${day}T00:00`, `2024-01-0${day}T06:00`);
    }
    await submitAbsolute(user, '2024-01-04T00:00', '2024-01-04T06:00');
    const stored = JSON.parse(window.localStorage.getItem(DEFAULT_RECENT_RANGES_KEY) ?? '[]') as { display: string }[];
    expect(stored.map((r) => r.display)).toEqual([
      '2024-01-04 00:00 to 2024-01-04 06:00',
      '2024-01-06 00:00 to 2024-01-06 06:00',
      '2024-01-05 00:00 to 2024-01-05 06:00',
      '2024-01-03 00:00 to 2024-01-03 06:00',
      '2024-01-02 00:00 to 2024-01-02 06:00',
    ]);

    await user.click(trigger());
    const recent = screen.getByRole('region', { name: 'Recently used absolute ranges' });
    expect(within(recent).getAllByRole('button')).toHaveLength(5);
    // The form starts from the current absolute value.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-01-04T00:00');
    await user.click(within(recent).getByRole('button', { name: '2024-01-02 00:00 to 2024-01-02 06:00' }));
    expect(trigger().textContent).toBe('2024-01-02 00:00 to 2024-01-02 06:00');
  });

  it('ignores malformed stored ranges', async () => {
    window.localStorage.setItem(DEFAULT_RECENT_RANGES_KEY, JSON.stringify([{ type: 'absolute' }, 'x', 3]));
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger());
    expect(screen.queryByRole('region', { name: 'Recently used absolute ranges' })).toBeNull();
  });
});
