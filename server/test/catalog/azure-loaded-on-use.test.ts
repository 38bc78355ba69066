import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The kinds registry, as the built server loads it: Microsoft's Azure libraries are imported when an
 * azure scraper first runs, not when the server starts. The resolve hook reports every module of
 * node_modules/@azure* that gets imported.
 */

const KINDS = new URL('../../dist/catalog/kinds/index.js', import.meta.url).href;
const HOOKS = `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/node_modules\\/@azure/.test(resolved.url)) process.stderr.write('imported ' + resolved.url + '\\n');
  return resolved;
}`;
const SCRIPT = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
const { KIND_READERS } = await import(${JSON.stringify(KINDS)});
process.stderr.write('registry loaded\\n');
await KIND_READERS.azure({}, { signal: AbortSignal.timeout(5000), namespace: 'default' }).catch((error) => process.stderr.write('azure: ' + error.message + '\\n'));
`;

describe('the azure kind', () => {
  it('imports @azure/identity and @azure-rest/core-client only when an azure scraper runs', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)), timeout: 30_000 });
    const lines = run.stderr.split('\n');
    const loadedAt = lines.indexOf('registry loaded');
    expect(loadedAt, run.stderr).toBeGreaterThanOrEqual(0);
    expect(lines.slice(0, loadedAt).filter((line) => line.startsWith('imported '))).toEqual([]);
    const afterRun = lines.slice(loadedAt).join('\n');
    expect(afterRun).toMatch(/imported .*node_modules\/@azure\/identity\//);
    expect(afterRun).toMatch(/imported .*node_modules\/@azure-rest\/core-client\//);
    expect(afterRun).toContain('azure: subscriptionID, tenantID, clientID, clientSecret are required');
  });
});
