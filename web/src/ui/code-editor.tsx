import type { CodeEditorSize } from '@pharos/core';
import { lazy, Suspense } from 'react';
import { cn } from './cn';
import type { EditorLanguage, EditorProblem } from './schema-diagnostics';
import { Skeleton } from './skeleton';

export type { CodeEditorSize } from '@pharos/core';
export type { EditorLanguage, EditorProblem } from './schema-diagnostics';

export interface CodeEditorProps {
  value: string;
  /** Called with the whole text on every change. */
  onChange?: (value: string) => void;
  /** yaml (default) or json. */
  language?: EditorLanguage;
  /** JSON Schema (draft-07) the document is validated against; problems show at their lines. */
  schema?: object | null;
  /** Told whether the content is valid (no syntax or schema error) and its problems, whenever they change. */
  onValidityChange?: (valid: boolean, problems: readonly EditorProblem[]) => void;
  readOnly?: boolean;
  /** Height: very-small, small, medium (default), large, full (fills its container). */
  size?: CodeEditorSize;
  /** Accessible name of the editing area. */
  label: string;
  /** Hides the list of problems under the editor (the markers in the gutter stay). */
  hideProblems?: boolean;
  /** Lines (1-based) shown as selected, with `data-selected` on each. */
  selectedLines?: readonly number[];
  /** Called when a line number in the gutter is clicked (shift held to extend a selection). */
  onLineNumberClick?: (line: number, modifiers: { shiftKey: boolean }) => void;
  className?: string;
}

export const CODE_EDITOR_HEIGHTS: Record<CodeEditorSize, string> = {
  'very-small': 'h-24',
  small: 'h-48',
  medium: 'h-80',
  large: 'h-[36rem]',
  full: 'h-full min-h-80',
};

// CodeMirror, the YAML parser and the schema validator load with the first editor, not with the app.
const CodeEditorView = lazy(() => import('./code-editor-view'));

/**
 * The one code editor: CodeMirror 6 for YAML or JSON, with JSON-Schema problems as lint markers
 * at their lines. Loaded on first use; a placeholder of the same height shows meanwhile.
 */
export function CodeEditor(props: CodeEditorProps) {
  const size = props.size ?? 'medium';
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={`Loading ${props.label}`} className={props.className}>
          <Skeleton className={cn('w-full', CODE_EDITOR_HEIGHTS[size])} />
        </div>
      }
    >
      <CodeEditorView {...props} />
    </Suspense>
  );
}
