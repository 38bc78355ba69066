import { formatLogTimestamp } from '@pharos/core';
import { saveFile } from '../../api/download';
import type { LogLine } from './api';
import { plainAnsiText } from '../../ui/ansi-text';

/** The lines as text, one a line: timestamp, message (without ANSI sequences) and labels. */
export function logsText(lines: readonly LogLine[]): string {
  return lines
    .map((line) => {
      const labels = Object.entries(line.labels ?? {}).map(([key, value]) => `${key}=${value}`);
      return [formatLogTimestamp(line.timestamp), plainAnsiText(line.message), ...(labels.length > 0 ? [labels.join(',')] : [])].join('\t');
    })
    .join('\n');
}

/** A file name for the lines of a component: `{name}-logs.txt`, safe on every system. */
export function logsFileName(componentName: string | null): string {
  const base = (componentName ?? 'pharos').replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'pharos';
  return `${base}-logs.txt`;
}

/** Hands the shown lines to the browser as a text file. */
export function downloadLogs(lines: readonly LogLine[], componentName: string | null): void {
  saveFile({ blob: new Blob([`${logsText(lines)}\n`], { type: 'text/plain;charset=utf-8' }), filename: logsFileName(componentName) });
}
