import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of the documents these tests apply: `valid/` (every kind) and `broken/`. */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export const fixture = (name: string): string => readFileSync(`${FIXTURES}${name}`, 'utf8');

export const VALID_FILES = readdirSync(`${FIXTURES}valid`).sort();

/** Every valid document in one text. */
export const ALL_VALID = VALID_FILES.map((file) => fixture(`valid/${file}`)).join('\n---\n');

/** Each broken document, with where and why it is refused. */
export const BROKEN: readonly { file: string; index: number; line: number; path: string; reason: RegExp }[] = [
  { file: 'bad-yaml.yaml', index: 0, line: 8, path: '', reason: /closing "quote/ },
  { file: 'wrong-type.yaml', index: 0, line: 8, path: '/spec/http', reason: /must be array/ },
  { file: 'missing-required.yaml', index: 0, line: 7, path: '/spec/tcp/0/endpoint', reason: /endpoint is required/ },
  { file: 'unknown-kind.yaml', index: 0, line: 2, path: '/kind', reason: /unknown kind Deployment: one of Canary/ },
  { file: 'missing-name.yaml', index: 0, line: 4, path: '/metadata/name', reason: /metadata.name is required/ },
  { file: 'wrong-api-version.yaml', index: 0, line: 1, path: '/apiVersion', reason: /must be canaries.flanksource.com\/v1/ },
  { file: 'second-document.yaml', index: 1, line: 15, path: '/spec/events', reason: /must be array/ },
  { file: 'unknown-person.yaml', index: 1, line: 17, path: '/spec/to/person', reason: /no person has the id or verified email nobody-here@example.com/ },
];
