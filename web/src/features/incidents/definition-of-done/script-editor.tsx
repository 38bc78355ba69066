import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { TextInput } from '../../../ui/text-input';

/** The expression deciding an item's done; optional (spec 2 §5), empty clears it. */
export function ScriptEditor({ script, busy, onSave, onCancel }: { script: string | null; busy: boolean; onSave: (script: string | null) => void; onCancel: () => void }) {
  const [text, setText] = useState(script ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(text.trim() || null);
  };
  return (
    <form aria-label="Script" onSubmit={submit} className="flex flex-col gap-1">
      <TextInput label="Script" value={text} onChange={(event) => setText(event.target.value)} placeholder="status == healthy" className="font-mono" autoFocus />
      <div className="flex gap-1">
        <Button type="submit" size="sm" disabled={busy} loading={busy}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
