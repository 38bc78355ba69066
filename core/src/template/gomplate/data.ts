import { csvByColumn, csvByRow, goJson as toJson, parseCsv, parseTomlText, parseYamlText, toCsv, toToml, toYaml } from '../../functions/data.js';
import { between } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { list, text } from './values.js';

/** gomplate's data namespace: JSON, YAML, TOML and CSV in and out. */

function parseJson(value: unknown): unknown {
  try {
    return JSON.parse(text(value)) as unknown;
  } catch (error) {
    throw new Error(`unable to unmarshal JSON object: ${(error as Error).message}`);
  }
}

function expectKind(value: unknown, kind: 'object' | 'array', what: string): unknown {
  const isArray = Array.isArray(value);
  if (kind === 'array' ? !isArray : isArray || value === null || typeof value !== 'object') throw new Error(`unable to unmarshal ${what}: expected ${kind === 'array' ? 'an array' : 'an object'}`);
  return value;
}


/** gomplate's CSV functions take an optional delimiter (and header) before the text. */
function csvArgs(args: unknown[]): { delimiter: string; header?: string[]; input: string } {
  const input = text(args[args.length - 1]);
  const delimiter = args.length >= 2 ? text(args[0]) || ',' : ',';
  // gomplate reads the header as comma-separated, whatever the delimiter of the data
  const header = args.length === 3 ? text(args[1]).split(',') : undefined;
  return { delimiter, header, input };
}

const withDelimiter = (input: string, delimiter: string): string => (delimiter === ',' ? input : input.split('\n').map((line) => line.replaceAll(delimiter, ',')).join('\n'));

export const DATA: Readonly<Record<string, TemplateFunction>> = {
  JSON: (value) => expectKind(parseJson(value), 'object', 'JSON object'),
  JSONArray: (value) => expectKind(parseJson(value), 'array', 'JSON array'),
  YAML: (value) => expectKind(parseYamlText(text(value)), 'object', 'YAML object'),
  YAMLArray: (value) => expectKind(parseYamlText(text(value)) ?? [], 'array', 'YAML array'),
  TOML: (value) => parseTomlText(text(value)),
  CSV: between(1, 2, (...args) => {
    const { delimiter, input } = csvArgs(args);
    return parseCsv(input, delimiter);
  }),
  CSVByRow: between(1, 3, (...args) => {
    const { delimiter, header, input } = csvArgs(args);
    return csvByRow(withDelimiter(input, delimiter), header);
  }),
  CSVByColumn: between(1, 3, (...args) => {
    const { delimiter, header, input } = csvArgs(args);
    return csvByColumn(withDelimiter(input, delimiter), header);
  }),
  ToJSON: (value) => toJson(value),
  ToJSONPretty: (indent, value) => toJson(value, text(indent)),
  ToYAML: (value) => toYaml(value),
  ToTOML: (value) => toToml(value),
  ToCSV: between(1, 2, (...args) => {
    const rows = list(args[args.length - 1]).map((row) => list(row).map(text));
    const csv = toCsv(rows);
    return args.length === 2 ? csv.replaceAll(',', text(args[0])) : csv;
  }),
};

export const DATA_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  json: DATA.JSON!,
  jsonArray: DATA.JSONArray!,
  yaml: DATA.YAML!,
  yamlArray: DATA.YAMLArray!,
  toml: DATA.TOML!,
  csv: DATA.CSV!,
  csvByRow: DATA.CSVByRow!,
  csvByColumn: DATA.CSVByColumn!,
  toJSONPretty: DATA.ToJSONPretty!,
  toTOML: DATA.ToTOML!,
  toCSV: DATA.ToCSV!,
};
