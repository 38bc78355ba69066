import { describe, expect, it } from 'vitest';
import { AvatarGroup } from './avatar-group';
import { render, screen, within } from './testing/render';

const people = ['Ann Lee', 'Bob Stone', 'Cy Twombly', 'Dee Dee', 'Eve Online', 'Fay Wray', 'Gus Grissom'].map((name) => ({ name }));

describe('AvatarGroup', () => {
  it('shows at most five avatars and +N for the rest', () => {
    render(<AvatarGroup people={people} label="Responders" />);
    const group = screen.getByRole('group', { name: 'Responders' });
    const images = within(group).getAllByRole('img');
    expect(images).toHaveLength(6);
    expect(images.slice(0, 5).map((i) => i.textContent)).toEqual(['AL', 'BS', 'CT', 'DD', 'EO']);
    const more = within(group).getByRole('img', { name: '2 more: Fay Wray, Gus Grissom' });
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('title')).toBe('Fay Wray, Gus Grissom');
  });

  it('has no +N when everyone fits', () => {
    render(<AvatarGroup people={people.slice(0, 5)} />);
    expect(screen.getAllByRole('img')).toHaveLength(5);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });
});
