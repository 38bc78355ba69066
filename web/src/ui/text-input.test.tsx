import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('marks a required field for the eye only: the mark stays out of the label and the accessible name', () => {
    render(<TextInput label="Name" required />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('required')).toBe(true);
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).toBe('Name');
    const mark = screen.getByText('*');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(label?.contains(mark)).toBe(false);
  });

  it('has no mark when the field is optional', () => {
    render(<TextInput label="Description" />);
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(screen.queryByText('*')).toBeNull();
  });
});
