/**
 * The CodeMirror view behind `<CodeEditor>` (default export, loaded lazily). Parse and schema
 * problems are computed from the text and pushed to the editor as lint diagnostics.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, foldGutter, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, RangeSetBuilder, Transaction, type Extension } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  GutterMarker,
  gutterLineClass,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState, type CSSProperties } from 'react';
import { cn } from './cn';
import { CODE_EDITOR_HEIGHTS, type CodeEditorProps } from './code-editor';
import { isValidDocument, validateText, type EditorLanguage, type EditorProblem } from './schema-diagnostics';

const theme = EditorView.theme({
  '&': {
    height: '100%',
    backgroundColor: 'var(--surface)',
    color: 'var(--fg)',
    fontSize: '0.8125rem',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '.cm-gutters': { backgroundColor: 'var(--surface-muted)', color: 'var(--fg-muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 6%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 12%, transparent)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 25%, transparent)',
  },
  '.cm-selectedLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 18%, transparent)' },
  '.cm-selectedLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 30%, transparent)', color: 'var(--fg)' },
  '.cm-lineNumbers .cm-gutterElement': { cursor: 'var(--line-number-cursor, default)' },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--fg)', border: '1px solid var(--border)' },
});

/** Token colours readable on both themes (the page's color-scheme picks the side of light-dark()). */
const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'light-dark(#0b5cad, #79b8ff)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'light-dark(#0a7b3e, #85e89d)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'light-dark(#a4480b, #ffab70)' },
  { tag: [tags.keyword, tags.meta, tags.typeName, tags.labelName], color: 'light-dark(#7a3db8, #b392f0)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--fg-muted)', fontStyle: 'italic' },
  { tag: [tags.punctuation, tags.separator, tags.bracket], color: 'var(--fg-muted)' },
  { tag: tags.invalid, color: 'var(--danger)' },
]);

type LineClick = (line: number, event: MouseEvent) => boolean;

/** What every editor has; language and read-only state sit in compartments so they can change. */
function baseExtensions(onLineNumber: LineClick): Extension[] {
  return [
    lineNumbers({
      domEventHandlers: { mousedown: (view, block, event) => onLineNumber(view.state.doc.lineAt(block.from).number, event as MouseEvent) },
    }),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    highlightSpecialChars(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    history(),
    // Tab keeps moving focus, so keyboard users can leave the editor.
    keymap.of([...defaultKeymap, ...historyKeymap]),
    syntaxHighlighting(highlight),
    EditorState.tabSize.of(2),
    theme,
  ];
}

function languageExtension(language: EditorLanguage): Extension {
  return language === 'json' ? json() : yaml();
}

function readOnlyExtension(readOnly: boolean, label: string): Extension {
  return [
    EditorState.readOnly.of(readOnly),
    EditorView.contentAttributes.of({
      'aria-label': label,
      ...(readOnly ? { 'aria-readonly': 'true' } : {}),
    }),
  ];
}

const selectedLine = Decoration.line({ class: 'cm-selectedLine', attributes: { 'data-selected': 'true' } });
const selectedGutter = new (class extends GutterMarker {
  override elementClass = 'cm-selectedLineGutter';
})();

/** Marks the given 1-based lines (those past the end are ignored) in the text and the gutter. */
function selectedLinesExtension(lines: readonly number[]): Extension {
  if (lines.length === 0) return [];
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  return [
    EditorView.decorations.compute(['doc'], (state) => {
      const builder = new RangeSetBuilder<Decoration>();
      for (const line of sorted) if (line >= 1 && line <= state.doc.lines) builder.add(state.doc.line(line).from, state.doc.line(line).from, selectedLine);
      return builder.finish();
    }),
    gutterLineClass.compute(['doc'], (state) => {
      const builder = new RangeSetBuilder<GutterMarker>();
      for (const line of sorted) if (line >= 1 && line <= state.doc.lines) builder.add(state.doc.line(line).from, state.doc.line(line).from, selectedGutter);
      return builder.finish();
    }),
  ];
}

function toDiagnostics(problems: readonly EditorProblem[], length: number): Diagnostic[] {
  return problems
    .filter((p) => p.from <= length)
    .map((p) => ({
      from: p.from,
      to: Math.min(p.to, length),
      severity: p.severity,
      message: p.message,
    }));
}

export default function CodeEditorView({
  value,
  onChange,
  language = 'yaml',
  schema,
  onValidityChange,
  readOnly = false,
  size = 'medium',
  label,
  hideProblems = false,
  selectedLines,
  onLineNumberClick,
  className,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [compartments] = useState(() => ({ language: new Compartment(), readOnly: new Compartment(), selected: new Compartment() }));
  // The text as the editor holds it (follows typing at once and `value` when it changes).
  const [text, setText] = useState(value);
  const checkedText = useDeferredValue(text);
  const problems = useMemo(() => validateText(checkedText, language, schema), [checkedText, language, schema]);

  const changed = useEffectEvent((next: string, fromOutside: boolean) => {
    setText(next);
    if (!fromOutside) onChange?.(next);
  });
  const initial = useEffectEvent(() => ({ value, language, readOnly, label }));
  const lineNumberClicked = useEffectEvent((line: number, event: MouseEvent): boolean => {
    if (!onLineNumberClick) return false;
    onLineNumberClick(line, { shiftKey: event.shiftKey });
    return true;
  });

  // Create the view once; later prop changes are applied below.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const start = initial();
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          baseExtensions(lineNumberClicked),
          compartments.language.of(languageExtension(start.language)),
          compartments.readOnly.of(readOnlyExtension(start.readOnly, start.label)),
          compartments.selected.of([]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const fromOutside = update.transactions.some((tr) => tr.annotation(Transaction.remote) === true);
            changed(update.state.doc.toString(), fromOutside);
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [compartments]);

  // A new value from outside replaces the document (typing does not come back here as a change).
  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: Transaction.remote.of(true),
    });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.language.reconfigure(languageExtension(language)) });
  }, [compartments, language]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.readOnly.reconfigure(readOnlyExtension(readOnly, label)) });
  }, [compartments, readOnly, label]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.selected.reconfigure(selectedLinesExtension(selectedLines ?? [])) });
  }, [compartments, selectedLines]);

  const reportValidity = useEffectEvent((list: readonly EditorProblem[]) => onValidityChange?.(isValidDocument(list), list));
  useEffect(() => {
    const view = viewRef.current;
    if (view) view.dispatch(setDiagnostics(view.state, toDiagnostics(problems, view.state.doc.length)));
    reportValidity(problems);
  }, [problems]);

  const valid = isValidDocument(problems);
  return (
    <div className={cn('min-w-0', size === 'full' && 'flex h-full flex-col', className)} data-valid={valid}>
      <div
        ref={hostRef}
        data-language={language}
        style={onLineNumberClick ? ({ '--line-number-cursor': 'pointer' } as CSSProperties) : undefined}
        className={cn(
          'overflow-hidden rounded-md border bg-surface focus-within:border-accent focus-within:outline-2 focus-within:outline-accent/30',
          valid ? 'border-border-strong' : 'border-danger',
          CODE_EDITOR_HEIGHTS[size],
          size === 'full' && 'flex-1',
        )}
      />
      {!hideProblems && problems.length > 0 && (
        <ul aria-label={`Problems in ${label}`} className="mt-1.5 max-h-32 space-y-0.5 overflow-auto text-[0.8125rem]">
          {problems.map((p, index) => (
            <li key={`${p.from}-${index}`} className={p.severity === 'error' ? 'text-danger' : 'text-fg-muted'}>
              <span className="font-medium">Line {p.line}:</span> {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
