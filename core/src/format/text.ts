/** Text helpers: avatar initials and truncation (spec 1 §9). */

/** Upper-case first letters of the first two words: 'jane van dyke' -> 'JV'. */
export function avatarInitials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => ([...word][0] ?? '').toUpperCase())
    .join('');
}

/** The first `max` characters followed by '...' when the text is longer than `max`. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max))}...` : text;
}
