import { parseYamlObject } from '../../../ui/resource-settings/yaml-text';

/** What is wrong with a backend's labels text (a mapping of names to text; numbers and booleans read as text), or undefined. */
export function labelsProblem(text: string): string | undefined {
  const parsed = parseYamlObject(text);
  if (!parsed.ok) return 'Labels must be YAML: name: value, one a line';
  const nested = Object.entries(parsed.value).find(([, value]) => !['string', 'number', 'boolean'].includes(typeof value));
  return nested ? `Labels map names to text: ${nested[0]} is not text` : undefined;
}
