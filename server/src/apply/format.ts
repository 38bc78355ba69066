import { stringify } from 'yaml';

export type OutputFormat = 'yaml' | 'json';

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['yaml', 'json'];

export function isOutputFormat(value: unknown): value is OutputFormat {
  return OUTPUT_FORMATS.includes(value as OutputFormat);
}

/**
 * Documents as `pharos apply` reads them back: one document, or for a list YAML documents split
 * by `---` and in JSON a `List` of items.
 */
export function formatDocuments(documents: readonly Record<string, unknown>[], format: OutputFormat, single: boolean): string {
  if (format === 'json') {
    const value = single && documents.length === 1 ? documents[0] : { apiVersion: 'v1', kind: 'List', items: documents };
    return `${JSON.stringify(value, null, 2)}\n`;
  }
  return documents.map((document) => stringify(document, { lineWidth: 0 })).join('---\n');
}

/** `Canary default/api-health created`: one line per resource a call changed. */
export function describeOutcome(outcome: { kind: string; namespace: string; name: string; action: string }): string {
  return `${outcome.kind} ${outcome.namespace}/${outcome.name} ${outcome.action}`;
}
