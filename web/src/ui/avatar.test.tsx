import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import { render, screen } from './testing/render';

describe('Avatar', () => {
  it('shows the initials of the first two words', () => {
    render(<Avatar name="jane van dyke" size="lg" />);
    const avatar = screen.getByRole('img', { name: 'jane van dyke' });
    expect(avatar.textContent).toBe('JV');
    expect(avatar.className).toContain('size-10');
  });

  it('shows the image and falls back to initials when it fails', () => {
    render(<Avatar name="Ada Lovelace" src="https://example.com/ada.png" />);
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('AL');
  });

  it('has a name and an icon without a name', () => {
    render(<Avatar name="  " />);
    const avatar = screen.getByRole('img', { name: 'Unknown user' });
    expect(avatar.querySelector('svg')).toBeTruthy();
  });
});
