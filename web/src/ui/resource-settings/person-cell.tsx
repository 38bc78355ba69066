import { Avatar } from '../avatar';

export interface PersonRef {
  id: string;
  name: string | null;
  avatar?: string | null;
}

/** A person (e.g. created by) as avatar and name; `wrap` lets a long name take several lines instead of being cut. */
export function PersonCell({ person, wrap = false }: { person: PersonRef | null | undefined; wrap?: boolean }) {
  if (!person) return null;
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-2">
      <Avatar name={person.name} src={person.avatar} size="xs" />
      <span className={wrap ? 'min-w-0 break-words' : 'truncate'}>{person.name}</span>
    </span>
  );
}
