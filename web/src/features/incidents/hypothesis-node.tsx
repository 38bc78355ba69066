import { DEBOUNCE_MS, HYPOTHESIS_CHILD_TYPE, type HypothesisStatus } from '@pharos/core';
import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DeniedHint } from '../../app/access/denied';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import type { useHypothesisMutations } from './api';
import { CommentEdits } from './comment-edits';
import { DeleteHypothesisDialog } from './delete-hypothesis-dialog';
import { AttachEvidenceButton } from './evidence/attach-evidence-button';
import { EvidenceItem } from './evidence/evidence-item';
import { HypothesisStatusSelect } from './hypothesis-status';
import { InlineText } from './inline-text';
import { MentionText } from './mentions/mention-text';
import { capitalize } from './severity';
import type { NewComment } from './comment-form';
import type { HypothesisRow } from './types';
import { useDebouncedSave } from './use-debounced-save';

export const NO_TITLE = '(no title)';

const commentElementId = (id: string) => `comment-${id}`;

export interface TreeContext {
  /** Children of each hypothesis id. */
  children: ReadonlyMap<string, HypothesisRow[]>;
  mutations: ReturnType<typeof useHypothesisMutations>;
  expandAll: boolean;
  /** The incident is being read again (evidence may be on its way). */
  fetching: boolean;
  /** The comment just written: its hypothesis opens and the comment scrolls into view. */
  newComment: NewComment | null;
  /** Why the user may not change hypotheses (null when they may). */
  denied: string | null;
}

/** One hypothesis: title, status with its icon, its comments and evidence, and its children. */
export function HypothesisNode({ hypothesis, context }: { hypothesis: HypothesisRow; context: TreeContext }) {
  const { mutations } = context;
  const [expanded, setExpanded] = useState(context.expandAll);
  const [status, setStatus] = useState<HypothesisStatus>(hypothesis.status);
  const [seenStatus, setSeenStatus] = useState(hypothesis.status);
  const [deleting, setDeleting] = useState(false);
  const [seenComment, setSeenComment] = useState(context.newComment);
  if (context.newComment !== seenComment) {
    setSeenComment(context.newComment);
    if (context.newComment?.hypothesisId === hypothesis.id) setExpanded(true);
  }
  if (hypothesis.status !== seenStatus) {
    setSeenStatus(hypothesis.status);
    setStatus(hypothesis.status);
  }
  const saveStatus = useDebouncedSave<{ status: HypothesisStatus }>((c) => mutations.update.mutate({ id: hypothesis.id, ...c }), DEBOUNCE_MS.hypothesisStatus);
  const saveTitle = useDebouncedSave<{ title: string }>((c) => mutations.update.mutate({ id: hypothesis.id, ...c }), DEBOUNCE_MS.hypothesisTitle);
  const childType = HYPOTHESIS_CHILD_TYPE[hypothesis.type];
  const children = context.children.get(hypothesis.id) ?? [];
  const name = hypothesis.title || NO_TITLE;
  const open = expanded || context.expandAll;

  return (
    <li aria-label={`Hypothesis ${name}`} data-type={hypothesis.type} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface px-2 py-1.5">
        <button
          type="button"
          aria-label={open ? `Collapse ${name}` : `Expand ${name}`}
          aria-expanded={open}
          onClick={() => setExpanded(!open)}
          className="cursor-pointer text-fg-muted"
        >
          {open ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
        </button>
        <span className="text-xs text-fg-muted">{capitalize(hypothesis.type)}</span>
        <InlineText
          label="Hypothesis title"
          value={hypothesis.title ?? ''}
          empty={NO_TITLE}
          onChange={(title) => saveTitle.schedule({ title })}
          onDone={saveTitle.flush}
          className="min-w-40 flex-1 text-sm"
          readOnlyReason={context.denied}
        />
        <HypothesisStatusSelect
          label="Hypothesis status"
          disabledReason={context.denied}
          value={status}
          onChange={(next) => {
            setStatus(next);
            saveStatus.schedule({ status: next });
          }}
        />
        {childType && (
          <DeniedHint reason={context.denied}>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => mutations.create.mutate({ parent_id: hypothesis.id, type: childType, title: '' })}
              disabled={mutations.create.isPending || context.denied !== null}
            >
              <Plus className="size-3.5" aria-hidden="true" />
              Add {childType}
            </Button>
          </DeniedHint>
        )}
        <AttachEvidenceButton incidentId={hypothesis.incident_id} hypothesisId={hypothesis.id} name={name} />
        {context.denied === null && (
          <Button size="sm" variant="ghost" aria-label={`Delete ${name}`} onClick={() => setDeleting(true)}>
            <Trash2 className="size-3.5" aria-hidden="true" />
          </Button>
        )}
      </div>
      {open && <HypothesisBody hypothesis={hypothesis} fetching={context.fetching} newCommentId={context.newComment?.commentId ?? null} />}
      {children.length > 0 && (
        <ul className="ml-6 flex flex-col gap-1 border-l border-border pl-3">
          {children.map((child) => (
            <HypothesisNode key={child.id} hypothesis={child} context={context} />
          ))}
        </ul>
      )}
      <DeleteHypothesisDialog
        open={deleting}
        onOpenChange={setDeleting}
        busy={mutations.remove.isPending}
        onDisprove={() => {
          setStatus('disproven');
          mutations.update.mutate({ id: hypothesis.id, status: 'disproven' }, { onSuccess: () => setDeleting(false) });
        }}
        onDelete={() => mutations.remove.mutate(hypothesis.id, { onSuccess: () => setDeleting(false) })}
      />
    </li>
  );
}

/** The comments and evidence of an expanded hypothesis; the comment just written is scrolled to. */
function HypothesisBody({ hypothesis, fetching, newCommentId }: { hypothesis: HypothesisRow; fetching: boolean; newCommentId: string | null }) {
  const hasNewComment = newCommentId !== null && hypothesis.comments.some((comment) => comment.id === newCommentId);
  useEffect(() => {
    if (!hasNewComment || newCommentId === null) return;
    document.getElementById(commentElementId(newCommentId))?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [hasNewComment, newCommentId]);
  return (
    <div className="ml-6 flex flex-col gap-2 px-2 py-1 text-sm">
      <section aria-label="Evidence">
        {hypothesis.evidences.length === 0 && fetching && <p className="text-fg-muted">Loading evidences please wait...</p>}
        {hypothesis.evidences.length === 0 && !fetching && <p className="text-fg-muted">No Evidence</p>}
        <ul className="flex flex-col gap-1">
          {hypothesis.evidences.map((evidence) => (
            <li key={evidence.id}>
              <EvidenceItem evidence={evidence} incidentId={hypothesis.incident_id} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Comments">
        <ul className="flex flex-col gap-1">
          {hypothesis.comments.map((comment) => (
            <li
              key={comment.id}
              id={commentElementId(comment.id)}
              data-pending={comment.pending ? 'true' : undefined}
              data-new={comment.id === newCommentId ? 'true' : undefined}
              className="flex items-baseline gap-2 rounded data-[new=true]:bg-accent/10"
            >
              <span className="font-medium">{comment.person?.name ?? 'Unknown user'}</span>
              <MentionText text={comment.comment} />
              <RelativeTime value={comment.created_at} className="text-xs text-fg-muted" />
              <CommentEdits comment={comment} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
