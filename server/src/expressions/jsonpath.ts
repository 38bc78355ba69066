import { JSONPath } from 'jsonpath-plus';

/** Every value a JSONPath selects (`@…` read as `$…`); filter scripts run in jsonpath-plus's safe evaluator, never as code. */
export function selectJsonPath(path: string, json: unknown): unknown[] {
  if (json === null || typeof json !== 'object') return [];
  try {
    return JSONPath({ path: path.startsWith('@') ? `$${path.slice(1)}` : path, json, wrap: true, eval: 'safe' }) as unknown[];
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}
