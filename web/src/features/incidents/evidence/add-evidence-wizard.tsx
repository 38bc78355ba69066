import type { EvidenceType } from '@pharos/core';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { useResourceExtensions, type SuspectChangeRef } from '../../../ui/resource-extensions';
import { TextInput } from '../../../ui/text-input';
import { candidateEvidence, useAddEvidence, type NewEvidence } from './evidence-api';
import { EVIDENCE_KINDS, isResourceType, kindLabel } from './evidence-kinds';
import type { Candidate, CandidateSearch } from './evidence-search';
import { keptLines } from './log-context';
import { useLogLines, type LogQuery } from './log-source';
import { LogSearchStep, LogSelectStep } from './log-steps';
import { ResourceSearchStep, ResourceSelectStep } from './resource-steps';

/** A suspect change as a config change evidence, described by its config and change. */
export function suspectEvidence(hypothesisId: string, change: SuspectChangeRef): NewEvidence {
  return {
    id: crypto.randomUUID(),
    hypothesis_id: hypothesisId,
    type: 'config_change',
    description: `${change.config_name ?? change.config_id}: ${change.change_type}${change.summary ? ` – ${change.summary}` : ''}`,
    definition_of_done: false,
    evidence: {},
    config_id: change.config_id,
    config_change_id: change.id,
  };
}

export const WIZARD_STEPS = ['Evidence type', 'Search', 'Select'] as const;

function StepList({ step }: { step: number }) {
  return (
    <ol aria-label="Steps" className="mb-3 flex gap-4 text-sm">
      {WIZARD_STEPS.map((name, index) => (
        <li key={name} aria-current={index === step ? 'step' : undefined} className={cn(index === step ? 'font-semibold text-fg' : 'text-fg-muted')}>
          {index + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

function TypeStep({ type, onType }: { type: EvidenceType | null; onType: (type: EvidenceType) => void }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="sr-only">Evidence type</legend>
      {EVIDENCE_KINDS.map((kind) => (
        <label key={kind.type} className="flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-muted">
          <input type="radio" name="evidence-type" value={kind.type} checked={type === kind.type} onChange={() => onType(kind.type)} />
          <span className="font-medium">{kind.label}</span>
          <span className="text-xs text-fg-muted">{kind.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}

const NO_LOG_QUERY: LogQuery = { source: null, query: '', start: '1h' };

/**
 * Adds evidence to a hypothesis in three steps (spec 2 §2): the evidence type; a search over the
 * checks, configs, changes, insights, components or log lines (or a comment's text); and the rows
 * or lines to keep, with a description. Each picked row becomes one evidence. The first step also
 * lists the incident's suspect changes, each added as evidence in one click.
 */
export function AddEvidenceWizard({ incidentId, hypothesisId, open, onOpenChange }: { incidentId: string; hypothesisId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState(0);
  const [type, setType] = useState<EvidenceType | null>(null);
  const [search, setSearch] = useState<CandidateSearch>({ text: '' });
  const [picked, setPicked] = useState<ReadonlyMap<string, Candidate>>(new Map());
  const [logQuery, setLogQuery] = useState<LogQuery>(NO_LOG_QUERY);
  const [lines, setLines] = useState<ReadonlySet<number>>(new Set());
  const [includeMessages, setIncludeMessages] = useState(true);
  const [comment, setComment] = useState('');
  const [description, setDescription] = useState('');
  const [definitionOfDone, setDefinitionOfDone] = useState(false);
  const add = useAddEvidence(incidentId);
  const logLines = useLogLines(type === 'log' && step === 2 ? logQuery : { ...logQuery, source: null });

  const reset = () => {
    setStep(0);
    setType(null);
    setSearch({ text: '' });
    setPicked(new Map());
    setLogQuery(NO_LOG_QUERY);
    setLines(new Set());
    setIncludeMessages(true);
    setComment('');
    setDescription('');
    setDefinitionOfDone(false);
    add.reset();
  };
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };
  const chooseType = (next: EvidenceType) => {
    setType(next);
    setSearch({ text: '' });
    setPicked(new Map());
    setLines(new Set());
  };

  const canNext = step === 0 ? type !== null : type === 'log' ? logQuery.source !== null : type === 'comment' ? comment.trim() !== '' : true;
  const canSave = type === 'comment' ? comment.trim() !== '' : type === 'log' ? lines.size > 0 : picked.size > 0;

  const rows = (): NewEvidence[] => {
    if (!type) return [];
    const base = { hypothesis_id: hypothesisId, type, description: description.trim(), definition_of_done: definitionOfDone };
    if (isResourceType(type)) return candidateEvidence(base, [...picked.values()]);
    if (type === 'comment') return [{ id: crypto.randomUUID(), ...base, description: base.description || null, evidence: { comment: comment.trim() } }];
    const source = logQuery.source!;
    const kept = keptLines(logLines.data ?? [], [...lines], includeMessages);
    return [
      {
        id: crypto.randomUUID(),
        ...base,
        description: base.description || `Logs of ${source.name}`,
        evidence: { ...kept, start: logQuery.start, includeMessages, ...(source.kind === 'backend' ? { backend: source.name } : {}) },
        ...(source.kind === 'component' ? { component_id: source.id } : {}),
      },
    ];
  };
  const save = () => add.mutate(rows(), { onSuccess: () => changeOpen(false) });
  const { SuspectChanges } = useResourceExtensions();
  const [addedSuspects, setAddedSuspects] = useState<ReadonlySet<string>>(new Set());
  // One click: the suspect becomes a config change evidence of this hypothesis, the wizard staying open for more.
  const addSuspect = (change: SuspectChangeRef) =>
    add.mutate([suspectEvidence(hypothesisId, change)], { onSuccess: () => setAddedSuspects((added) => new Set(added).add(change.id)) });

  const body = () => {
    if (step === 0 || !type)
      return (
        <div className="flex flex-col gap-4">
          <TypeStep type={type} onType={chooseType} />
          {SuspectChanges && <SuspectChanges anchor={{ incident_id: incidentId }} onAdd={addSuspect} added={addedSuspects} />}
          {add.isError && <ErrorPanel error={add.error} title="The evidence could not be added" />}
        </div>
      );
    if (step === 1) {
      if (isResourceType(type)) return (
          <ResourceSearchStep
            type={type}
            search={search}
            onSearch={(next) => {
              setSearch(next);
              setPicked(new Map());
            }}
          />
        );
      if (type === 'log') return <LogSearchStep value={logQuery} onChange={(next) => { setLogQuery(next); setLines(new Set()); }} />;
      return (
        <label className="flex flex-col gap-1 text-sm">
          Comment
          <textarea value={comment} onChange={(event) => setComment(event.target.value)} rows={4} className="rounded-md border border-border-strong bg-surface p-2 text-fg" />
        </label>
      );
    }
    return (
      <div className="flex flex-col gap-3">
        {isResourceType(type) && (
          <ResourceSelectStep
            type={type}
            search={search}
            picked={picked}
            onToggle={(candidate, on) => {
              const next = new Map(picked);
              if (on) next.set(candidate.id, candidate);
              else next.delete(candidate.id);
              setPicked(next);
            }}
          />
        )}
        {type === 'log' && (
          <LogSelectStep
            query={logQuery}
            selected={lines}
            includeMessages={includeMessages}
            onIncludeMessages={setIncludeMessages}
            onToggle={(index, on) => {
              const next = new Set(lines);
              if (on) next.add(index);
              else next.delete(index);
              setLines(next);
            }}
          />
        )}
        {type === 'comment' && <p className="text-sm whitespace-pre-wrap">{comment}</p>}
        <TextInput label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
        <Checkbox label="Part of the definition of done" checked={definitionOfDone} onChange={(event) => setDefinitionOfDone(event.target.checked)} />
        {add.isError && <ErrorPanel error={add.error} title="The evidence could not be added" />}
      </div>
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={type && step > 0 ? `Add evidence: ${kindLabel(type)}` : 'Add evidence'}
      size="medium"
      preventOutsideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 0 || add.isPending}>
            Back
          </Button>
          {step < 2 ? (
            <Button onClick={() => setStep(step + 1)} disabled={!canNext}>
              Next
            </Button>
          ) : (
            <Button onClick={save} disabled={!canSave || add.isPending} loading={add.isPending}>
              Add evidence
            </Button>
          )}
        </>
      }
    >
      <StepList step={step} />
      {body()}
    </Dialog>
  );
}
