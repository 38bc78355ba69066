import { CATALOG_DEFAULTS } from '@pharos/core';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button';
import { CodeEditor } from '../../../ui/code-editor';
import { configText, CONFIG_FORMATS, type ConfigFormat } from './config-text';
import { clickLine, formatSelected, parseSelected, SELECTED_PARAM } from './selected-lines';

/**
 * The config as code, read only, json by default with a switch to yaml. Clicking a line number
 * selects the line (shift-click a range); the selection is kept in `selected`, so a link to the
 * page shows the same lines. Switching the format clears it, as its lines would point elsewhere.
 */
export function ConfigTab({ config }: { config: unknown }) {
  const [format, setFormat] = useState<ConfigFormat>(CATALOG_DEFAULTS.configFormat);
  const [search, setSearch] = useSearchParams();
  const selectedParam = search.get(SELECTED_PARAM);
  const selected = useMemo(() => parseSelected(selectedParam), [selectedParam]);
  const anchor = useRef<number | null>(null);
  const shown = useMemo(() => configText(config, format), [config, format]);

  const setSelected = (lines: readonly number[]) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        const value = formatSelected(lines);
        if (value === null) params.delete(SELECTED_PARAM);
        else params.set(SELECTED_PARAM, value);
        return params;
      },
      { replace: true },
    );

  const onLineNumberClick = (line: number, { shiftKey }: { shiftKey: boolean }) => {
    setSelected(clickLine(selected, line, shiftKey, anchor.current));
    anchor.current = line;
  };

  const changeFormat = (next: ConfigFormat) => {
    if (next === format) return;
    setFormat(next);
    anchor.current = null;
    setSelected([]);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-fg-muted" aria-live="polite">
          {selected.length === 0
            ? 'Click a line number to select it, shift-click to select a range.'
            : `${selected.length} ${selected.length === 1 ? 'line' : 'lines'} selected`}
        </p>
        <div className="flex items-center gap-2">
          {selected.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          )}
          {shown.switchable && (
            <div role="group" aria-label="Format" className="inline-flex overflow-hidden rounded-md border border-border">
              {CONFIG_FORMATS.map((each) => (
                <button
                  key={each}
                  type="button"
                  aria-pressed={format === each}
                  onClick={() => changeFormat(each)}
                  className="cursor-pointer px-2.5 py-1 text-xs font-medium text-fg-muted hover:text-fg aria-pressed:bg-surface-muted aria-pressed:text-fg"
                >
                  {each.toUpperCase()}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      <CodeEditor
        label="Config"
        value={shown.text}
        language={shown.language}
        readOnly
        hideProblems
        size="full"
        selectedLines={selected}
        onLineNumberClick={onLineNumberClick}
      />
    </div>
  );
}
