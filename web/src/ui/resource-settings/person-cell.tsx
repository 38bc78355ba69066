import { Avatar } from '../avatar';

export interface PersonRef {
  id: string;
  name: string | null;
  avatar?: string | null;
}

/** A person (e.g. created by) as avatar and name. */
export function PersonCell({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar name={person.name} src={person.avatar} size="xs" />
      <span className="truncate">{person.name}</span>
    </span>
  );
}
