import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { formatOfPath, parseFormat } from '../parse-format.js';
import { text, type KindReader } from './types.js';

/** config-db's default when a file scraper names no paths; dependencies and git's own files are left out then. */
const DEFAULT_PATHS = ['**/*.json', '**/*.yaml', '**/*.yml'];
const DEFAULT_IGNORE = ['**/node_modules/**', '**/.git/**'];
/** Largest file read. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : []);

/**
 * `file`: every file the `paths` globs match (absolute, or relative to the server's working directory
 * as config-db's are; `ignore` globs left out), read by `format` or by its extension: JSON, YAML
 * (several documents become a list), XML, properties, or any other format kept as text.
 */
export const readFiles: KindReader = async (spec, context) => {
  if (text(spec['url']) || text(spec['connection'])) throw new Error('file scrapers read files on this server: url and connection (remote files) are not supported');
  const patterns = strings(spec['paths']);
  const matches = await glob(patterns.length > 0 ? patterns : DEFAULT_PATHS, {
    cwd: context.baseDir,
    absolute: true,
    onlyFiles: true,
    dot: true,
    ignore: [...strings(spec['ignore']), ...(patterns.length > 0 ? [] : DEFAULT_IGNORE)],
    expandDirectories: false,
  });
  const inputs = [];
  const errors = [];
  for (const file of matches.sort()) {
    if (context.signal.aborted) throw context.signal.reason;
    const shown = path.relative(context.baseDir, file).startsWith('..') ? file : path.relative(context.baseDir, file);
    try {
      const { size } = await stat(file);
      if (size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);
      const content = await readFile(file, 'utf8');
      inputs.push({ document: parseFormat(content, text(spec['format']) ?? formatOfPath(file)), source: shown });
    } catch (error) {
      errors.push(`${shown}: ${(error as Error).message}`);
    }
  }
  if (matches.length === 0) errors.push(`no file matches ${(patterns.length > 0 ? patterns : DEFAULT_PATHS).join(', ')} in ${context.baseDir}`);
  return { inputs, errors };
};
