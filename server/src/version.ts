import { readFileSync } from 'node:fs';

function readVersion(): string {
  // server/package.json, one level above both src/ and dist/.
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string') {
    return parsed.version;
  }
  return '0.0.0';
}

/** Version of the server package. */
export const VERSION: string = readVersion();
