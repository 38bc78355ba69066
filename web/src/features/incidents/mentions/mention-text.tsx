import { commentSegments } from './mention-markup';

/** A comment's text with each mention shown as the highlighted name of the person. */
export function MentionText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ?? 'whitespace-pre-wrap'}>
      {commentSegments(text).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <mark key={index} data-person-id={segment.mention.id} className="rounded bg-accent/15 px-0.5 font-medium text-accent">
            @{segment.mention.name}
          </mark>
        ),
      )}
    </span>
  );
}
