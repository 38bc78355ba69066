/** The query parameter keeping the selected lines of the Config tab (spec 2 §2). */
export const SELECTED_PARAM = 'selected';

/** `selected=3,4,9` → [3, 4, 9]: positive whole numbers, sorted, each once; anything else is dropped. */
export function parseSelected(value: string | null): number[] {
  if (!value) return [];
  const lines = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d*$/.test(part))
    .map(Number);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The parameter's value for these lines, or null when none is selected. */
export function formatSelected(lines: readonly number[]): string | null {
  return lines.length === 0 ? null : [...new Set(lines)].sort((a, b) => a - b).join(',');
}

/**
 * A click on a line number: alone it toggles that line; with shift it adds every line from the
 * anchor (the last line clicked) to it.
 */
export function clickLine(selected: readonly number[], line: number, shiftKey: boolean, anchor: number | null): number[] {
  if (shiftKey && anchor !== null) {
    const [from, to] = anchor <= line ? [anchor, line] : [line, anchor];
    const range = Array.from({ length: to - from + 1 }, (_, index) => from + index);
    return parseSelected([...selected, ...range].join(','));
  }
  return selected.includes(line) ? selected.filter((each) => each !== line) : parseSelected([...selected, line].join(','));
}
