import { InlineSelect } from '../../../ui/inline-select';
import { usePeople } from '../api';
import { useResponderTeams } from './api';
import type { TeamRef } from './types';

export type ResponderKind = 'team' | 'person';

export interface SelectResponderStepProps {
  kind: ResponderKind;
  onKind: (kind: ResponderKind) => void;
  teamId: string;
  onTeam: (team: TeamRef | null) => void;
  personId: string;
  onPerson: (id: string) => void;
}

const KINDS: readonly { value: ResponderKind; label: string }[] = [
  { value: 'team', label: 'Team' },
  { value: 'person', label: 'Person' },
];

/** Select Responder: a team (whose client is picked next) or a person (added directly). */
export function SelectResponderStep({ kind, onKind, teamId, onTeam, personId, onPerson }: SelectResponderStepProps) {
  const teams = useResponderTeams(kind === 'team');
  const people = usePeople();
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex gap-4">
        <legend className="mb-2 text-[0.8125rem] font-medium">Responder</legend>
        {KINDS.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" name="responder-kind" value={option.value} checked={kind === option.value} onChange={() => onKind(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {kind === 'team' ? (
        <InlineSelect
          label="Team"
          value={teamId}
          placeholder={teams.isPending ? 'Loading ...' : 'Select a team'}
          options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          onChange={(id) => onTeam(teams.data?.find((team) => team.id === id) ?? null)}
        />
      ) : (
        <InlineSelect
          label="Person"
          value={personId}
          placeholder={people.isPending ? 'Loading ...' : 'Select a person'}
          options={(people.data ?? []).map((person) => ({ value: person.id, label: person.name ?? person.id }))}
          onChange={onPerson}
        />
      )}
    </div>
  );
}
