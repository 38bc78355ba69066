import { DEBOUNCE_MS } from '@pharos/core';
import { Checkbox } from '../../../ui/checkbox';
import { ErrorPanel } from '../../../ui/error-panel';
import { SearchBox } from '../../../ui/search-box';
import { Skeleton } from '../../../ui/skeleton';
import { kindLabel, type ResourceEvidenceType } from './evidence-kinds';
import { LabelledSelect } from '../labelled-select';
import { useCandidates, useConfigTypes, type Candidate, type CandidateSearch } from './evidence-search';

/** Spec 2 §9: the config picker's search waits 500 ms, other searches 400 ms. */
const searchDelay = (type: ResourceEvidenceType) => (type === 'config' ? DEBOUNCE_MS.configPickerSearch : DEBOUNCE_MS.incidentSearch);

function ConfigTypeSelect({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  const types = useConfigTypes(true);
  return (
    <LabelledSelect label="Config type" value={value} all="" allLabel="All types" options={(types.data ?? []).map((type) => ({ value: type, label: type }))} onChange={onChange} />
  );
}

/** Search step of a check, config, change, insight or component: the text and how many match. */
export function ResourceSearchStep({ type, search, onSearch }: { type: ResourceEvidenceType; search: CandidateSearch; onSearch: (search: CandidateSearch) => void }) {
  const candidates = useCandidates(type, search);
  const label = `Search ${kindLabel(type).toLowerCase()}s`;
  return (
    <div className="flex flex-col gap-3">
      {type === 'config' && <ConfigTypeSelect value={search.configType ?? ''} onChange={(configType) => onSearch({ ...search, configType })} />}
      <SearchBox label={label} placeholder={label} value={search.text} onChange={(text) => onSearch({ ...search, text })} delay={searchDelay(type)} autoFocus />
      {candidates.isPending ? (
        <Skeleton className="h-5 w-32" />
      ) : candidates.isError ? (
        <ErrorPanel error={candidates.error} />
      ) : (
        <p role="status" className="text-sm text-fg-muted">
          {candidates.data.length === 0 ? 'No result' : `${candidates.data.length} found`}
        </p>
      )}
    </div>
  );
}

/** Select step: the matching rows to pick, one evidence each. */
export function ResourceSelectStep({
  type,
  search,
  picked,
  onToggle,
}: {
  type: ResourceEvidenceType;
  search: CandidateSearch;
  picked: ReadonlyMap<string, Candidate>;
  onToggle: (candidate: Candidate, on: boolean) => void;
}) {
  const candidates = useCandidates(type, search);
  if (candidates.isPending) return <Skeleton className="h-24 w-full" />;
  if (candidates.isError) return <ErrorPanel error={candidates.error} />;
  if (candidates.data.length === 0) return <p className="text-sm text-fg-muted">No result</p>;
  return (
    <fieldset className="max-h-72 overflow-auto">
      <legend className="sr-only">{kindLabel(type)}</legend>
      <ul className="flex flex-col gap-1">
        {candidates.data.map((candidate) => (
          <li key={candidate.id} className="rounded px-2 py-1 hover:bg-surface-muted">
            <Checkbox
              label={
                <>
                  <span>{candidate.title}</span>
                  {candidate.detail && <span className="ml-2 text-xs text-fg-muted">{candidate.detail}</span>}
                </>
              }
              checked={picked.has(candidate.id)}
              onChange={(event) => onToggle(candidate, event.target.checked)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
