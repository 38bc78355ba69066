import { XMLParser } from 'fast-xml-parser';
import { parseAllDocuments } from 'yaml';

/** Formats read into a document; any other `format` keeps the text as `{format, content}`, as config-db does. */
export const PARSED_FORMATS = ['json', 'yaml', 'xml', 'properties'] as const;

export class FormatError extends Error {}

/** The format of a file by its extension, when the spec names none. */
export function formatOfPath(path: string): string {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'yml' || extension === 'yaml') return 'yaml';
  if (extension === 'xml' || extension === 'properties' || extension === 'json') return extension;
  return '';
}

function parseYaml(text: string): unknown {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) return null;
  const values = documents.map((document, index) => {
    const [error] = document.errors;
    if (error) throw new FormatError(`document ${index + 1}: ${error.message}`);
    return document.toJS() as unknown;
  });
  const present = values.filter((value) => value !== null && value !== undefined);
  return present.length === 1 ? present[0] : present;
}

/** A value without its trailing comment: a tab ends it, and so does `#` outside single quotes (config-db's rule). */
function withoutComment(raw: string): string {
  let value = raw.split('\t')[0]!;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    if (value[index] === "'") quoted = !quoted;
    else if (value[index] === '#' && !quoted) {
      value = value.slice(0, index);
      break;
    }
  }
  return value.trim();
}

/** `key = value`, `key: value` or `key value` lines; `#` and `!` start comments. */
function parseProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (match) properties[match[1]!] = withoutComment(match[2]!);
  }
  return properties;
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: true, parseAttributeValue: true });

/**
 * Reads scraped text by format: json and yaml (a stream of several documents becomes a list; no
 * format reads as YAML, which takes JSON too), xml (attributes as fields), properties; anything else
 * is kept as text in `{format, content}`.
 */
export function parseFormat(text: string, format: string): unknown {
  const kind = format.toLowerCase();
  try {
    if (kind === 'json') return JSON.parse(text) as unknown;
    if (kind === '' || kind === 'yaml' || kind === 'yml') return parseYaml(text);
    if (kind === 'xml') return xml.parse(text, true) as unknown;
    if (kind === 'properties') return parseProperties(text);
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError((error as Error).message.split('\n')[0] ?? String(error));
  }
  return { format: kind, content: text };
}
