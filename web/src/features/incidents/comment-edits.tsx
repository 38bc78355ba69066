import { RelativeTime } from '../../ui/relative-time';
import { MentionText } from './mentions/mention-text';
import type { CommentRow } from './types';

/** 'edited', opening the comment's earlier texts with who changed them and when. */
export function CommentEdits({ comment }: { comment: CommentRow }) {
  const edits = comment.edits ?? [];
  if (!comment.edited_at && edits.length === 0) return null;
  return (
    <details className="text-xs text-fg-muted">
      <summary className="cursor-pointer">edited</summary>
      <ol aria-label="Earlier versions" className="mt-1 flex flex-col gap-1 border-l border-border pl-2">
        {edits.map((edit) => (
          <li key={edit.id}>
            <span className="text-fg">
              <MentionText text={edit.comment} />
            </span>{' '}
            <span>
              replaced by {edit.editor?.name ?? 'Unknown user'} <RelativeTime value={edit.edited_at} />
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
