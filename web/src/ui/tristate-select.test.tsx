import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from './testing/render';
import { TristateSelect, tristateSummary } from './tristate-select';

const OPTIONS = [{ value: 'canary', label: 'Canary' }, { value: 'topology', label: 'Topology' }, { value: 'a,b' }];

function Harness({ initial = '', onChange = () => {} }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TristateSelect
      label="Type"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('TristateSelect', () => {
  it('includes, excludes and clears values, in the URL form', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Type: All' }));
    const list = screen.getByRole('dialog', { name: 'Type' });
    await user.click(within(list).getByRole('button', { name: 'Include Canary' }));
    expect(onChange).toHaveBeenLastCalledWith('canary:1');
    await user.click(within(list).getByRole('button', { name: 'Exclude Topology' }));
    expect(onChange).toHaveBeenLastCalledWith('canary:1,topology:-1');
    expect(screen.getByRole('button', { name: 'Type: Canary, not Topology' })).toBeTruthy();
    // pressing the active state again returns the value to neither
    await user.click(within(list).getByRole('button', { name: 'Include Canary' }));
    expect(onChange).toHaveBeenLastCalledWith('topology:-1');
    await user.click(within(list).getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(within(list).queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('summarises states with labels, and values of their own', () => {
    expect(tristateSummary('', OPTIONS)).toBe('All');
    expect(tristateSummary('SUCCESS:-1', [])).toBe('not SUCCESS');
    expect(tristateSummary('a,b:1', OPTIONS)).toBe('b');
    expect(tristateSummary('topology:1,canary:-1', OPTIONS)).toBe('Topology, not Canary');
  });
});
