import { MAX_AVATARS } from '@pharos/core';
import { Avatar, AVATAR_SIZES, type AvatarSize } from './avatar';
import { cn } from './cn';

export interface AvatarGroupPerson {
  name?: string | null;
  avatar?: string | null;
}

export interface AvatarGroupProps {
  people: readonly AvatarGroupPerson[];
  /** Avatars shown before '+N'. Default 5 (MAX_AVATARS). */
  max?: number;
  size?: AvatarSize;
  /** Accessible name of the group (e.g. 'Responders'). */
  label?: string;
  className?: string;
}

/** Overlapping avatars, at most `max`, then '+N' naming the others in its title. */
export function AvatarGroup({ people, max = MAX_AVATARS, size = 'sm', label, className }: AvatarGroupProps) {
  const shown = people.slice(0, max);
  const rest = people.slice(max);
  const restNames = rest.map((p) => p.name?.trim() || 'Unknown user').join(', ');
  return (
    <div role="group" aria-label={label} className={cn('flex items-center -space-x-1.5', className)}>
      {shown.map((person, index) => (
        <Avatar key={`${person.name ?? ''}-${index}`} name={person.name} src={person.avatar} size={size} className="ring-2 ring-surface" />
      ))}
      {rest.length > 0 && (
        <span
          role="img"
          aria-label={`${rest.length} more: ${restNames}`}
          title={restNames}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full bg-surface-muted font-medium text-fg-muted ring-2 ring-surface',
            AVATAR_SIZES[size],
          )}
        >
          +{rest.length}
        </span>
      )}
    </div>
  );
}
