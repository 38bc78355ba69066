import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';
import { render, renderWithRouter, screen } from './testing/render';

// Fake timers make the debounce deterministic; fireEvent avoids user-event's own timers.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const type = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });

describe('SearchBox', () => {
  it('reports the text 400 ms after typing pauses', () => {
    const onChange = vi.fn();
    render(<SearchBox label="Search checks" placeholder="Search by name, description, or endpoint" onChange={onChange} />);
    expect(screen.getByRole('searchbox', { name: 'Search checks' }).getAttribute('placeholder')).toBe(
      'Search by name, description, or endpoint',
    );
    type('h');
    act(() => vi.advanceTimersByTime(200));
    type('ht');
    act(() => vi.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('ht');
  });

  it('commits at once on Enter, and clears with Esc or the clear button', () => {
    const onChange = vi.fn();
    const { rerender } = render(<SearchBox onChange={onChange} delay={1000} />);
    type('api');
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('api');
    rerender(<SearchBox onChange={onChange} delay={1000} value="api" />);
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    rerender(<SearchBox onChange={onChange} delay={1000} value="" />);
    type('db');
    // Nothing was committed yet: clearing cancels the pending 'db' without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('reports a clear after a commit without a controlled value', () => {
    const onChange = vi.fn();
    render(<SearchBox onChange={onChange} />);
    type('x');
    act(() => vi.advanceTimersByTime(400));
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onChange.mock.calls).toEqual([['x'], ['']]);
  });

  it('follows a value changed from outside', () => {
    const { rerender } = render(<SearchBox value="one" />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('one');
    rerender(<SearchBox value="two" />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('two');
  });

  it('keeps the text in a URL parameter and resets paging', () => {
    const view = renderWithRouter(<SearchBox urlParam="query" resetParams={['pageIndex']} />, '/?query=old&pageIndex=4');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('old');
    type('new');
    expect(view.param('query')).toBe('old');
    act(() => vi.advanceTimersByTime(400));
    expect(view.param('query')).toBe('new');
    expect(view.param('pageIndex')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(view.param('query')).toBeNull();
  });
});
