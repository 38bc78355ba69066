import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect, multiSelectSummary, type MultiSelectOption } from './multi-select';
import { render, screen } from './testing/render';

const options: MultiSelectOption[] = ['us-east', 'us-west', 'eu-central', 'ap-south', 'sa-east'].map((value) => ({ value }));

function Harness({ initial = [] as string[], opts = options }) {
  const [value, setValue] = useState<string[]>(initial);
  return <MultiSelect label="region" options={opts} value={value} onChange={setValue} />;
}

const trigger = () => screen.getByRole('button', { name: /^region:/ });

describe('MultiSelect', () => {
  it('summarises up to three values by name and four or more as including N labels', () => {
    expect(multiSelectSummary([])).toBe('All');
    expect(multiSelectSummary(['a', 'b', 'c'])).toBe('a, b, c');
    expect(multiSelectSummary(['a', 'b', 'c', 'd'])).toBe('including 4 labels');
  });

  it('chooses values in a popover and updates the summary', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(trigger().textContent).toContain('All');
    await user.click(trigger());
    await user.click(screen.getByRole('checkbox', { name: 'us-east' }));
    await user.click(screen.getByRole('checkbox', { name: 'eu-central' }));
    expect(trigger().getAttribute('aria-label')).toBe('region: us-east, eu-central');
    await user.click(screen.getByRole('checkbox', { name: 'us-west' }));
    await user.click(screen.getByRole('checkbox', { name: 'ap-south' }));
    expect(trigger().textContent).toContain('including 4 labels');
    await user.click(screen.getByRole('checkbox', { name: 'ap-south' }));
    expect(trigger().textContent).toContain('us-east, eu-central, us-west');
  });

  it('selects and clears all, showing a mixed state in between', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['us-east']} />);
    await user.click(trigger());
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(trigger().textContent).toContain('including 5 labels');
    expect((screen.getByRole('checkbox', { name: 'sa-east' }) as HTMLInputElement).checked).toBe(true);
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(trigger().textContent).toContain('All');
  });

  it('opens from the keyboard, toggles with Space and closes on Esc', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(trigger());
    await user.keyboard('{Enter}');
    const group = screen.getByRole('group', { name: 'region' });
    expect(group).toBeTruthy();
    screen.getByRole('checkbox', { name: 'us-west' }).focus();
    await user.keyboard(' ');
    expect(trigger().getAttribute('aria-label')).toBe('region: us-west');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'region' })).toBeNull();
  });

  it('filters long option lists', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ value: `node-${i}` }));
    render(<Harness opts={many} />);
    await user.click(trigger());
    await user.type(screen.getByRole('searchbox', { name: 'Filter region' }), 'node-1');
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('name') ?? (c.parentElement?.textContent ?? ''))).toEqual([
      'node-1',
      'node-10',
      'node-11',
    ]);
  });
});
