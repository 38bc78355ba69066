import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { parseFilterStates, serializeFilterStates, withFilterState, type FilterState } from './filter-state';
import { FilterToggle } from './filter-toggle';
import { render, screen } from './testing/render';

function Harness({ initial = 0 }: { initial?: FilterState }) {
  const [value, setValue] = useState<FilterState>(initial);
  return (
    <>
      <FilterToggle label="env=prod" value={value} onChange={setValue} count={12} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('FilterToggle', () => {
  it('moves between include, exclude and none with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const include = screen.getByRole('button', { name: 'Include env=prod' });
    const exclude = screen.getByRole('button', { name: 'Exclude env=prod' });
    expect(screen.getByRole('group', { name: 'env=prod' }).getAttribute('data-state')).toBe('none');
    expect(include.getAttribute('aria-pressed')).toBe('false');

    await user.click(include);
    expect(screen.getByTestId('value').textContent).toBe('1');
    expect(include.getAttribute('aria-pressed')).toBe('true');

    await user.click(exclude);
    expect(screen.getByTestId('value').textContent).toBe('-1');
    expect(exclude.getAttribute('aria-pressed')).toBe('true');
    expect(include.getAttribute('aria-pressed')).toBe('false');

    await user.click(exclude);
    expect(screen.getByTestId('value').textContent).toBe('0');
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Include env=prod' }));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('1');
    await user.keyboard(' ');
    expect(screen.getByTestId('value').textContent).toBe('0');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByTestId('value').textContent).toBe('-1');
  });
});

describe('filter states in the URL', () => {
  it('reads and writes a:1,b:-1', () => {
    expect(parseFilterStates('SUCCESS:-1,team:a:b:1,bad,x:2,:1')).toEqual({ SUCCESS: -1, 'team:a:b': 1 });
    expect(parseFilterStates(null)).toEqual({});
    expect(serializeFilterStates({ a: 1, b: -1, c: 0 })).toBe('a:1,b:-1');
    expect(withFilterState({ a: 1 }, 'a', 0)).toEqual({});
    expect(withFilterState({ a: 1 }, 'b', -1)).toEqual({ a: 1, b: -1 });
  });
});
