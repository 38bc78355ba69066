import { useState, type FormEvent } from 'react';
import { useDenied } from '../../app/access/denied';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast/toast-store';
import { useSession } from '../../api/session';
import { useAddComment } from './api';
import { NO_TITLE } from './hypothesis-node';
import { LabelledSelect } from './labelled-select';
import { MentionInput } from './mentions/mention-input';
import type { HypothesisRow } from './types';

export const SELECT_HYPOTHESIS = 'Please select any hypothesis';
export const ADD_COMMENT_DETAILS = 'Please add comment details';
export const COMMENT_ADDED = 'Comment added';

/** A comment just written, to show wherever its hypothesis is in the tree. */
export interface NewComment {
  hypothesisId: string;
  commentId: string;
}

/**
 * A comment on one of the incident's hypotheses; shown at once (`onAdded` lets the tree open its
 * hypothesis and scroll to it), confirmed with a toast, taken back if the server refuses it.
 */
export function CommentForm(props: { incidentId: string; hypotheses: readonly HypothesisRow[]; onAdded?: (comment: NewComment) => void }) {
  const denied = useDenied('comments');
  if (denied) return <p className="text-sm text-fg-muted">{denied}.</p>;
  return <CommentFormFields {...props} />;
}

function CommentFormFields({ incidentId, hypotheses, onAdded }: { incidentId: string; hypotheses: readonly HypothesisRow[]; onAdded?: (comment: NewComment) => void }) {
  const session = useSession();
  const user = session.data?.user;
  const add = useAddComment(incidentId, user ? { id: user.id, name: user.name, avatar: user.avatar } : null);
  const [hypothesisId, setHypothesisId] = useState('');
  const [text, setText] = useState('');
  const [stored, setStored] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hypothesisId) {
      toast.error(SELECT_HYPOTHESIS);
      return;
    }
    if (!text.trim()) {
      toast.error(ADD_COMMENT_DETAILS);
      return;
    }
    const id = crypto.randomUUID();
    add.mutate({ id, hypothesis_id: hypothesisId, comment: stored.trim() }, { onSuccess: () => toast.success(COMMENT_ADDED) });
    onAdded?.({ hypothesisId, commentId: id });
    setText('');
    setStored('');
  };

  return (
    <form aria-label="Add comment" onSubmit={submit} className="flex flex-col gap-2">
      <LabelledSelect
        label="Hypothesis"
        value={hypothesisId}
        all=""
        allLabel="Select hypothesis"
        options={hypotheses.map((h) => ({ value: h.id, label: h.title || NO_TITLE }))}
        onChange={setHypothesisId}
      />
      <MentionInput
        label="Comment"
        value={text}
        onChange={(display, stored) => {
          setText(display);
          setStored(stored);
        }}
        placeholder="Add a comment (@ mentions someone)"
      />
      <div>
        <Button type="submit" disabled={text === '' || add.isPending} loading={add.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
