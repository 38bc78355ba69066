import { isRecord } from '@pharos/core';
import type { FileSpec } from '../spec.js';
import { parseTimestamp } from '../timestamp.js';

/** The start of a log entry: a line with a time. Lines without one continue the entry above them. */
export interface EntryHead {
  time: number;
  message: string;
  labels: Record<string, string>;
}

/** A line read: the head of an entry, a continuation of the entry above it, or a line to leave out. */
export type ParsedLine = EntryHead | 'continuation' | 'skip';

function valueAt(source: Record<string, unknown>, path: string): unknown {
  if (path in source) return source[path];
  return path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), source);
}

function labelText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** Reads lines the way the backend's format says. */
export function lineParser(spec: FileSpec): (line: string) => ParsedLine {
  if (spec.format === 'json') {
    return (line) => {
      if (!line.startsWith('{')) return line.trim() === '' ? 'skip' : 'continuation';
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return 'skip';
      }
      if (!isRecord(value)) return 'skip';
      const time = parseTimestamp(valueAt(value, spec.fields.timestamp), spec.layout);
      if (Number.isNaN(time)) return 'skip';
      const labels: Record<string, string> = { ...spec.labels };
      for (const field of spec.fields.labels) {
        const text = labelText(valueAt(value, field));
        if (text !== undefined) labels[field] = text;
      }
      const message = valueAt(value, spec.fields.message);
      return { time, message: typeof message === 'string' ? message : (labelText(message) ?? ''), labels };
    };
  }
  const { pattern, layout } = spec;
  return (line) => {
    const match = pattern.exec(line);
    if (!match) return line === '' ? 'skip' : 'continuation';
    const groups = match.groups ?? {};
    const time = parseTimestamp(groups['timestamp'] ?? match[1], layout);
    if (Number.isNaN(time)) return line === '' ? 'skip' : 'continuation';
    const labels: Record<string, string> = { ...spec.labels };
    for (const [name, value] of Object.entries(groups)) {
      if (name !== 'timestamp' && name !== 'message' && value !== undefined) labels[name] = value;
    }
    return { time, message: groups['message'] ?? line, labels };
  };
}
