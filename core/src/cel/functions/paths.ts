import { basePath, cleanPath, dirPath, extPath, isAbsPath, joinPath, matchPath, relPath, splitPath } from '../../functions/paths.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';

/** gomplate's path and filepath namespaces in CEL (with `/` as separator, as on Linux). */

const PATH_FUNCTIONS: CelOverload[] = [
  overload('Base(string): string', basePath),
  overload('Clean(string): string', cleanPath),
  overload('Dir(string): string', dirPath),
  overload('Ext(string): string', extPath),
  overload('IsAbs(string): bool', isAbsPath),
  overload('Join(list): string', (parts: unknown[]) => joinPath(parts.map(String))),
  overload('Match(string, string): bool', matchPath),
  overload('Split(string): list<string>', splitPath),
];

export const PATH_NAMESPACE_FUNCTIONS: CelOverload[] = [
  ...inNamespace('filepath', [
    ...PATH_FUNCTIONS,
    overload('FromSlash(string): string', (path: string) => path),
    overload('ToSlash(string): string', (path: string) => path),
    overload('VolumeName(string): string', () => ''),
    overload('Rel(string, string): string', relPath),
  ]),
  ...inNamespace('path', PATH_FUNCTIONS),
];
