import { basePath, cleanPath, dirPath, extPath, isAbsPath, joinPath, matchPath, relPath, splitPath } from '../../functions/paths.js';
import { variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { text } from './values.js';

/** gomplate's path and filepath namespaces (with `/` as separator, as on Linux). */

export const PATHS: Readonly<Record<string, TemplateFunction>> = {
  Base: (value) => basePath(text(value)),
  Clean: (value) => cleanPath(text(value)),
  Dir: (value) => dirPath(text(value)),
  Ext: (value) => extPath(text(value)),
  IsAbs: (value) => isAbsPath(text(value)),
  Join: variadic(0, (...parts) => joinPath(parts.map(text))),
  Match: (pattern, name) => matchPath(text(pattern), text(name)),
  Split: (value) => splitPath(text(value)),
};

export const FILEPATH: Readonly<Record<string, TemplateFunction>> = {
  ...PATHS,
  FromSlash: (value) => text(value),
  ToSlash: (value) => text(value),
  VolumeName: (_path) => '',
  Rel: (base, target) => relPath(text(base), text(target)),
};
