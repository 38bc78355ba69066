import { useState } from 'react';
import { cn } from '../../ui/cn';
import { inputClass } from '../../ui/text-input';

export interface InlineTextProps {
  /** Accessible name of the field and of the text that opens it. */
  label: string;
  value: string;
  /** Shown in place of an empty value. */
  empty: string;
  /** Each change while typing (callers debounce the save). */
  onChange: (value: string) => void;
  /** Editing ends (blur, Enter, Escape). */
  onDone?: () => void;
  className?: string;
  /** Why the text may not be edited: it shows as plain text with the reason on hover. */
  readOnlyReason?: string | null;
}

/** Text that turns into an input on click: the incident and hypothesis titles. */
export function InlineText({ label, value, empty, onChange, onDone, className, readOnlyReason }: InlineTextProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // Follow the saved value when it changes from outside while not editing.
  if (!editing && value !== seen) {
    setSeen(value);
    setText(value);
  }

  const done = () => {
    setEditing(false);
    onDone?.();
  };

  if (readOnlyReason) {
    return (
      <span title={readOnlyReason} className={cn(!text && 'text-fg-muted italic', className)}>
        {text || empty}
      </span>
    );
  }
  if (!editing) {
    return (
      <button type="button" aria-label={`Edit ${label}`} onClick={() => setEditing(true)} className={cn('cursor-text text-left', !text && 'text-fg-muted italic', className)}>
        {text || empty}
      </button>
    );
  }
  return (
    <input
      aria-label={label}
      autoFocus
      value={text}
      placeholder={empty}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value);
      }}
      onBlur={done}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') done();
      }}
      className={cn(inputClass, className)}
    />
  );
}
