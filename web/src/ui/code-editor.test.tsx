import { EditorView } from '@codemirror/view';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeEditor, CODE_EDITOR_HEIGHTS } from './code-editor';
import CodeEditorView from './code-editor-view';
import { act, render, screen, waitFor, within } from './testing/render';

beforeAll(() => {
  // jsdom has no layout; CodeMirror measures text ranges.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
});

const schema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, interval: { type: 'integer' } },
  additionalProperties: false,
};

function editorOf(label: string): EditorView {
  const content = screen.getByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return view;
}

function typeInto(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

describe('CodeEditor', () => {
  it('loads lazily and shows the text', async () => {
    render(<CodeEditor label="Spec" value={'name: web\n'} />);
    const content = await screen.findByRole('textbox', { name: 'Spec' });
    expect(content.textContent).toContain('name: web');
  });

  it('reports changes with the whole text and validates YAML against the schema with line numbers', async () => {
    const onChange = vi.fn();
    const onValidityChange = vi.fn();
    render(
      <CodeEditorView label="Spec" value={'name: web\n'} schema={schema} onChange={onChange} onValidityChange={onValidityChange} />,
    );
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true, []));
    const view = editorOf('Spec');
    typeInto(view, 'name: web\ninterval: often\ntimeout: 3\n');
    expect(onChange).toHaveBeenLastCalledWith('name: web\ninterval: often\ntimeout: 3\n');
    const problems = await screen.findByRole('list', { name: 'Problems in Spec' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 2: interval: must be integer',
      "Line 3: must NOT have additional property 'timeout'",
    ]);
    expect(onValidityChange).toHaveBeenLastCalledWith(false, expect.arrayContaining([expect.objectContaining({ line: 2 })]));
    // The diagnostics reach the editor's lint state as markers.
    await waitFor(() => expect(view.dom.querySelectorAll('.cm-lintRange-error').length).toBeGreaterThan(0));
    expect(view.dom.closest('[data-valid]')?.getAttribute('data-valid')).toBe('false');

    typeInto(view, 'name: web\ninterval: 30\n');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Problems in Spec' })).toBeNull());
    expect(onValidityChange).toHaveBeenLastCalledWith(true, []);
  });

  it('validates JSON and reports syntax errors', async () => {
    const onValidityChange = vi.fn();
    render(<CodeEditorView label="Body" language="json" value={'{\n  "name": 1\n}'} schema={schema} onValidityChange={onValidityChange} />);
    const problems = await screen.findByRole('list', { name: 'Problems in Body' });
    expect(problems.textContent).toContain('Line 2: name: must be string');
    typeInto(editorOf('Body'), '{\n  "name": "x",\n}');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Problems in Body' }).textContent).toMatch(/^Line 3:/));
    expect(onValidityChange).toHaveBeenLastCalledWith(false, expect.anything());
  });

  it('is read-only when asked, and follows a new value from outside without reporting it as a change', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<CodeEditorView label="Spec" value="a: 1" readOnly onChange={onChange} />);
    const view = editorOf('Spec');
    expect(view.state.readOnly).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Spec' }).getAttribute('aria-readonly')).toBe('true');
    rerender(<CodeEditorView label="Spec" value="a: 2" readOnly onChange={onChange} />);
    expect(view.state.doc.toString()).toBe('a: 2');
    expect(onChange).not.toHaveBeenCalled();
    rerender(<CodeEditorView label="Spec" value="a: 2" onChange={onChange} />);
    expect(view.state.readOnly).toBe(false);
  });

  it('marks selected lines and reports clicks on line numbers with shift', async () => {
    const onLineNumberClick = vi.fn();
    const { rerender } = render(<CodeEditorView label="Config" value={'a: 1\nb: 2\nc: 3'} readOnly selectedLines={[2, 9]} onLineNumberClick={onLineNumberClick} />);
    const selected = () => [...document.querySelectorAll('.cm-line[data-selected]')].map((line) => line.textContent);
    expect(selected()).toEqual(['b: 2']);
    rerender(<CodeEditorView label="Config" value={'a: 1\nb: 2\nc: 3'} readOnly selectedLines={[1, 3]} onLineNumberClick={onLineNumberClick} />);
    expect(selected()).toEqual(['a: 1', 'c: 3']);
    const numbers = [...document.querySelectorAll('.cm-lineNumbers .cm-gutterElement')].filter((element) => element.textContent === '3');
    act(() => {
      numbers[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, shiftKey: true }));
    });
    // jsdom has no layout, so CodeMirror finds the line under the pointer as the first; the browser
    // journey of the catalog's config tab clicks real line numbers.
    expect(onLineNumberClick).toHaveBeenCalledWith(expect.any(Number), { shiftKey: true });
  });

  it('has a height for each size of the spec', () => {
    expect(Object.keys(CODE_EDITOR_HEIGHTS)).toEqual(['very-small', 'small', 'medium', 'large', 'full']);
    render(<CodeEditorView label="Spec" value="" size="small" />);
    expect(document.querySelector('[data-language="yaml"]')?.className).toContain(CODE_EDITOR_HEIGHTS.small);
  });
});
