import { compileRegex } from '../regex/re2.js';

/** Go's path and path/filepath (with `/` as separator, as on Linux), shared by CEL and templates. */

/** Go's path.Clean: the shortest equivalent path by purely lexical processing. */
export function cleanPath(path: string): string {
  if (path === '') return '.';
  const rooted = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
    } else out.push(part);
  }
  const joined = out.join('/');
  if (rooted) return `/${joined}`;
  return joined === '' ? '.' : joined;
}

/** Go's path.Base: the last element, trailing slashes removed; `.` for empty, `/` for only slashes. */
export function basePath(path: string): string {
  if (path === '') return '.';
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** Go's path.Split: [directory with its trailing slash, file]. */
export function splitPath(path: string): [string, string] {
  const at = path.lastIndexOf('/');
  return [path.slice(0, at + 1), path.slice(at + 1)];
}

/** Go's path.Dir: all but the last element, cleaned. */
export function dirPath(path: string): string {
  return cleanPath(splitPath(path)[0]);
}

/** Go's path.Ext: from the last dot of the last element, or ''. */
export function extPath(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== '/'; i--) if (path[i] === '.') return path.slice(i);
  return '';
}

export const isAbsPath = (path: string): boolean => path.startsWith('/');

/** Go's path.Join: non-empty elements joined with `/` and cleaned; '' when all are empty. */
export function joinPath(elements: readonly string[]): string {
  const parts = elements.filter((element) => element !== '');
  return parts.length === 0 ? '' : cleanPath(parts.join('/'));
}

/** Go's filepath.Rel: a path to `target` relative to `base`. */
export function relPath(base: string, target: string): string {
  const from = cleanPath(base);
  const to = cleanPath(target);
  if (from === to) return '.';
  if (isAbsPath(from) !== isAbsPath(to)) throw new Error(`Rel: can't make ${target} relative to ${base}`);
  const fromParts = from === '.' ? [] : from.split('/').filter(Boolean);
  const toParts = to === '.' ? [] : to.split('/').filter(Boolean);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  if (fromParts.slice(common).includes('..')) throw new Error(`Rel: can't make ${target} relative to ${base}`);
  return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/') || '.';
}

/** Go's path.Match: shell patterns with `*`, `?`, `[...]` and `\` escapes, `*` not crossing `/`. */
export function matchPath(pattern: string, name: string): boolean {
  let source = '^';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '\\') {
      i++;
      if (i >= pattern.length) throw new Error('syntax error in pattern');
      source += escapeRegex(pattern[i]!);
    } else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error('syntax error in pattern');
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^/' : ''}${body.replace(/[\]\\^]/g, '\\$&').replace(/\\\\-/g, '-')}]`;
      i = end;
    } else source += escapeRegex(ch);
  }
  // RE2, so that no pattern of stars can make the match backtrack.
  return compileRegex(`${source}$`).test(name);
}

function escapeRegex(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
