import jmespath from 'jmespath';
import { JSONPath } from 'jsonpath-plus';
import { csvByColumn, csvByRow, goJson, parseCsv, parseTomlText, parseYamlText, toCsv, toToml, toYaml } from '../../functions/data.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { fromCel, plain, toCel } from '../values.js';

/** Reading and writing JSON, YAML, TOML and CSV in CEL, and querying with JSONPath and JMESPath. */

/** JSON of a CEL value: ints as numbers, durations as Go duration strings, times as RFC 3339. */
export function celToJson(value: unknown, indent?: string): string {
  return goJson(fromCel(value), indent);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`invalid JSON: ${(error as Error).message}`);
  }
}

function array(value: unknown, what: string): unknown[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${what}: expected an array`);
  return value;
}

/** A query's input: data as it is, or a JSON text. */
const document = (value: unknown): unknown => (typeof value === 'string' ? parseJson(value) : plain(value));

function jsonpath(path: string, value: unknown): unknown {
  const json = document(value);
  if (json === null || typeof json !== 'object') return null;
  // jsonpath-plus's safe evaluator: filter scripts are read, never run as code.
  const found = JSONPath({ path, json, wrap: true, eval: 'safe' }) as unknown[];
  return toCel(found.length === 1 ? found[0] : found.length === 0 ? null : found);
}

function jmespathSearch(expression: string, value: unknown): unknown {
  return toCel(jmespath.search(document(value), expression) as unknown);
}

const csvRows = (rows: unknown[]): string[][] => rows.map((row) => (Array.isArray(row) ? row.map((cell) => String(fromCel(cell))) : parseCsv(String(row))[0] ?? []));

export const DATA_FUNCTIONS: CelOverload[] = [
  overload('toJSON(dyn): string', (value: unknown) => celToJson(value)),
  overload('dyn.toJSON(): string', (value: unknown) => celToJson(value)),
  overload('toJSONPretty(dyn): string', (value: unknown) => celToJson(value, '  ')),
  overload('dyn.toJSONPretty(): string', (value: unknown) => celToJson(value, '  ')),
  overload('dyn.toJSONPretty(string): string', (value: unknown, indent: string) => celToJson(value, indent)),
  overload('JSON(string): dyn', (text: string) => toCel(parseJson(text))),
  overload('string.JSON(): dyn', (text: string) => toCel(parseJson(text))),
  overload('JSONArray(string): list', (text: string) => toCel(array(parseJson(text), 'JSONArray'))),
  overload('string.JSONArray(): list', (text: string) => toCel(array(parseJson(text), 'JSONArray'))),
  overload('YAML(string): dyn', (text: string) => toCel(parseYamlText(text))),
  overload('string.YAML(): dyn', (text: string) => toCel(parseYamlText(text))),
  overload('YAMLArray(string): list', (text: string) => toCel(array(parseYamlText(text), 'YAMLArray'))),
  overload('toYAML(dyn): string', (value: unknown) => toYaml(fromCel(value))),
  overload('dyn.toYAML(): string', (value: unknown) => toYaml(fromCel(value))),
  overload('TOML(string): map', (text: string) => toCel(parseTomlText(text))),
  overload('toTOML(dyn): string', (value: unknown) => toToml(fromCel(value))),
  overload('CSV(list): list', (rows: unknown[]) => csvRows(rows)),
  overload('CSV(string): list', (text: string) => parseCsv(text)),
  overload('toCSV(list): string', (rows: unknown[]) => toCsv(csvRows(rows))),
  overload('jsonpath(string, dyn): dyn', jsonpath),
  overload('jmespath(string, dyn): dyn', jmespathSearch),
  ...inNamespace('data', [
    overload('CSVByRow(string): list', (text: string) => csvByRow(text)),
    overload('CSVByColumn(string): map', (text: string) => csvByColumn(text)),
  ]),
];
