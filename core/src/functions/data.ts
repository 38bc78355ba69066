/** Data formats as gomplate's data namespace reads and writes them: CSV (Go's encoding/csv), TOML, YAML, key=value. */
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

/** The most rows or cells one CSV text may hold: more is a mistake, or an attempt to exhaust memory. */
const MAX_CSV_CELLS = 1_000_000;

/** Go's csv.Reader with its defaults: `,` between fields, `"` quoting, every record as long as the first. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let cells = 0;
  const endField = () => {
    row.push(field);
    field = '';
    if (++cells > MAX_CSV_CELLS) throw new Error(`csv: more than ${MAX_CSV_CELLS} fields`);
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) {
      if (rows.length > 0 && row.length !== rows[0]!.length) throw new Error(`record on line ${rows.length + 1}: wrong number of fields`);
      rows.push(row);
    }
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) endField();
    else if (ch === '\n') endRow();
    else if (ch !== '\r' || text[i + 1] !== '\n') field += ch;
  }
  if (quoted) throw new Error('extraneous or missing " in quoted-field');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** gomplate's csvByRow: one map per row, keyed by the header row (or `header`). */
export function csvByRow(text: string, header?: readonly string[]): Record<string, string>[] {
  const rows = parseCsv(text);
  const keys = header ?? rows.shift() ?? [];
  return rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index] ?? ''])));
}

/** gomplate's csvByColumn: one list per column, keyed by the header row (or `header`). */
export function csvByColumn(text: string, header?: readonly string[]): Record<string, string[]> {
  const rows = parseCsv(text);
  const keys = header ?? rows.shift() ?? [];
  return Object.fromEntries(keys.map((key, index) => [key, rows.map((row) => row[index] ?? '')]));
}

function csvField(value: string): string {
  return /[",\r\n]|^\s/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Go's csv.Writer: rows of fields, quoted where needed, each line ending in CRLF as gomplate writes them. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map((cell) => csvField(String(cell))).join(',')}\r\n`).join('');
}

/** A TOML document as a map; throws with the parser's reason. */
export function parseTomlText(text: string): Record<string, unknown> {
  return parseToml(text) as Record<string, unknown>;
}

export function toToml(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('toTOML: only a map can be written as TOML');
  return stringifyToml(value as Record<string, unknown>);
}

export function parseYamlText(text: string): unknown {
  return parseYaml(text) as unknown;
}

/** YAML as gomplate writes it (yaml.v3, two spaces, keys sorted). */
export function toYaml(value: unknown): string {
  return stringifyYaml(value ?? null, { sortMapEntries: true });
}

/** YAML as sprig's toYaml writes it (go-yaml v2: keys sorted, list items not indented under their key). */
export function toYamlV2(value: unknown): string {
  return stringifyYaml(value ?? null, { sortMapEntries: true, indentSeq: false });
}

/** JSON as Go's encoding/json writes it; MarshalIndent breaks lines even for an empty indent. */
export function goJson(value: unknown, indent?: string): string {
  const replacer = (_key: string, item: unknown) => (item instanceof Date ? item.toISOString() : item);
  if (indent === undefined) return JSON.stringify(value ?? null, replacer) ?? 'null';
  // A tab never appears unescaped inside JSON text, so leading tabs are exactly the indentation.
  const text = JSON.stringify(value ?? null, replacer, '\t') ?? 'null';
  return text.replace(/^\t+/gm, (tabs) => indent.repeat(tabs.length));
}

/** `a=b,c=d` as a map; an entry without exactly one `=` is an error as in gomplate. */
export function keyValToMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of text.split(',')) {
    const parts = entry.trim().split('=');
    if (parts.length !== 2) throw new Error('invalid input string');
    out[parts[0]!] = parts[1]!;
  }
  return out;
}

/** A map as `a=b,c=d`, in key order. */
export function mapToKeyVal(map: Readonly<Record<string, unknown>>, format: (value: unknown) => string): string {
  return Object.keys(map)
    .sort()
    .map((key) => `${key}=${format(map[key])}`)
    .join(',');
}

/** An AWS ARN's parts: arn:partition:service:region:account:resource. */
export function arnToMap(arn: string): Record<string, string> {
  const parts = arn.split(':');
  if (parts.length < 6) throw new Error(`not an ARN: ${JSON.stringify(arn)}`);
  return { service: parts[2]!, region: parts[3]!, account: parts[4]!, resource: parts.slice(5).join(':') };
}

/** AWS's [{Name, Value}] tag lists as one map. */
export function fromAwsMap(list: readonly Readonly<Record<string, unknown>>[]): Record<string, string> {
  return Object.fromEntries(list.map((item) => [String(item.Name ?? ''), String(item.Value ?? '')]));
}
