import { isRecord } from '@pharos/core';
import { parse } from 'yaml';
import { isValidDocument, validateText, type EditorProblem } from '../../../../ui/schema-diagnostics';

export type ChartValues = { values: Record<string, unknown>; problems: readonly EditorProblem[] };

/**
 * The values of the editor checked against the chart's JSON schema: the parsed values when there
 * is no error (empty text is no values), else the problems, each naming its path.
 */
export function checkChartValues(text: string, schema: object): ChartValues {
  // Empty text is no values, which the schema's required keys still apply to.
  const problems = validateText(text.trim() === '' ? '{}' : text, 'yaml', schema);
  if (!isValidDocument(problems)) return { values: {}, problems };
  const parsed: unknown = text.trim() === '' ? {} : parse(text);
  if (parsed !== null && !isRecord(parsed)) {
    return { values: {}, problems: [{ from: 0, to: 0, line: 1, message: 'The values must be a mapping of keys to values', severity: 'error' }] };
  }
  return { values: parsed ?? {}, problems };
}
