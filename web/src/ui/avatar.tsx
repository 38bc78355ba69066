import { avatarInitials } from '@pharos/core';
import { User } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg';

export interface AvatarProps {
  /** The person's name: the accessible name, and the initials when there is no image. */
  name?: string | null;
  /** Image URL; initials show when absent or when it fails to load. */
  src?: string | null;
  /** xs 20px, sm 24px (default), md 32px, lg 40px. */
  size?: AvatarSize;
  className?: string;
}

export const AVATAR_SIZES: Record<AvatarSize, string> = {
  xs: 'size-5 text-[0.5625rem]',
  sm: 'size-6 text-[0.625rem]',
  md: 'size-8 text-xs',
  lg: 'size-10 text-sm',
};

/** A round picture of a person, or their initials (first letters of the first two words). */
export function Avatar({ name, src, size = 'sm', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = name?.trim() || 'Unknown user';
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none', AVATAR_SIZES[size], className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={label}
        title={label}
        className={cn(base, 'bg-surface-muted object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const initials = avatarInitials(name);
  return (
    <span role="img" aria-label={label} title={label} className={cn(base, 'bg-accent/15 font-semibold text-accent')}>
      {initials || <User className="size-3/5" aria-hidden="true" />}
    </span>
  );
}
