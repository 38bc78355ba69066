import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';
import { render, renderWithRouter, screen } from './testing/render';

const items: TabItem[] = [
  { value: 'history', label: 'History', content: <p>History panel</p> },
  { value: 'spec', label: 'Spec', content: <p>Spec panel</p> },
  { value: 'relationships', label: 'Relationships', content: <p>Relationships panel</p> },
];

describe('Tabs', () => {
  it('shows the first tab and switches by click and arrow keys', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs label="Check" items={items} onValueChange={onValueChange} />);
    expect(screen.getByRole('tablist', { name: 'Check' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('History panel');

    await user.click(screen.getByRole('tab', { name: 'Spec' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Spec panel');
    expect(onValueChange).toHaveBeenLastCalledWith('spec');

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Relationships' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Relationships panel');
  });

  it('keeps the tab in a URL parameter, absent for the default tab', async () => {
    const user = userEvent.setup();
    const view = renderWithRouter(
      <Tabs label="Check" items={items} urlParam="tab" resetParams={['pageIndex']} />,
      '/?tab=spec&pageIndex=2',
    );
    expect(screen.getByRole('tab', { name: 'Spec' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Relationships' }));
    expect(view.param('tab')).toBe('relationships');
    expect(view.param('pageIndex')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(view.param('tab')).toBeNull();
    expect(screen.getByRole('tabpanel').textContent).toBe('History panel');
  });

  it('falls back to the default tab for an unknown parameter value', () => {
    renderWithRouter(<Tabs label="Check" items={items} urlParam="tab" defaultValue="spec" />, '/?tab=nope');
    expect(screen.getByRole('tab', { name: 'Spec' }).getAttribute('aria-selected')).toBe('true');
  });
});
