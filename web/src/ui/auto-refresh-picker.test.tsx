import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AutoRefreshPicker } from './auto-refresh-picker';
import { render, screen } from './testing/render';
import { useRefreshRate } from './use-refresh-rate';

const KEY = 'pharos.health.refreshRate';

function Interval({ rangeMinutes }: { rangeMinutes: number }) {
  const { ms } = useRefreshRate(KEY, rangeMinutes);
  return <output data-testid="interval">{ms}</output>;
}

const trigger = () => screen.getByRole('button', { name: /^Auto refresh:/ });

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(trigger());
  return screen.getAllByRole('menuitemradio');
}

describe('AutoRefreshPicker', () => {
  it('offers None to 15m and saves the choice under its key', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <AutoRefreshPicker storageKey={KEY} rangeMinutes={15} onChange={onChange} />
        <Interval rangeMinutes={15} />
      </>,
    );
    expect(trigger().textContent).toBe('None');
    const items = await open(user);
    expect(items.map((i) => i.textContent)).toEqual(['None', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m']);
    expect(items.every((i) => i.getAttribute('aria-disabled') !== 'true')).toBe(true);
    await user.click(screen.getByRole('menuitemradio', { name: '30s' }));
    expect(onChange).toHaveBeenCalledWith('30s', 30_000);
    expect(window.localStorage.getItem(KEY)).toBe('"30s"');
    expect(trigger().textContent).toBe('30s');
    expect(screen.getByTestId('interval').textContent).toBe('30000');
  });

  it('disables 15s and 30s from 60 minutes, and 2m and 3m too from 180, falling back to the next allowed rate', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(KEY, '"15s"');
    const { rerender } = render(<AutoRefreshPicker storageKey={KEY} rangeMinutes={60} />);
    expect(trigger().textContent).toBe('60s');
    let items = await open(user);
    const disabled = () => items.filter((i) => i.getAttribute('aria-disabled') === 'true').map((i) => i.textContent);
    expect(disabled()).toEqual(['15s', '30s']);
    expect(screen.getByRole('menuitemradio', { name: '60s' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Escape}');

    window.localStorage.setItem(KEY, '"2m"');
    rerender(<AutoRefreshPicker storageKey={KEY} rangeMinutes={180} />);
    expect(trigger().textContent).toBe('5m');
    items = await open(user);
    expect(disabled()).toEqual(['15s', '30s', '2m', '3m']);
    await user.keyboard('{Escape}');

    // The saved choice is kept, so a short range brings it back.
    rerender(<AutoRefreshPicker storageKey={KEY} rangeMinutes={30} />);
    expect(trigger().textContent).toBe('2m');
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<AutoRefreshPicker storageKey={KEY} rangeMinutes={0} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Auto refresh: None' })).toBeTruthy();
    // Opening from the keyboard focuses the first item, None.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(window.localStorage.getItem(KEY)).toBe('"15s"');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('ignores an unknown saved value', () => {
    window.localStorage.setItem(KEY, '"7s"');
    render(<AutoRefreshPicker storageKey={KEY} />);
    expect(trigger().textContent).toBe('None');
  });
});
