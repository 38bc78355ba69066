import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled file `name`.js beside the module at `moduleUrl`: in dist when the server runs its build,
 * or built from src by `tsc -b` when tests run the sources (a child process or thread runs JavaScript).
 */
export function compiledSibling(moduleUrl: string, name: string): string {
  const dir = `${path.dirname(fileURLToPath(moduleUrl))}/`;
  const source = dir.lastIndexOf('/src/');
  const compiledDir = moduleUrl.endsWith('.ts') && source >= 0 ? `${dir.slice(0, source)}/dist/${dir.slice(source + '/src/'.length)}` : dir;
  const file = path.join(compiledDir, `${name}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsc -b\``);
  return file;
}
