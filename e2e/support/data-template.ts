import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where global setup left the migrated data folder every journey server starts from a copy of. */
export const DATA_TEMPLATE_ENV = 'PHAROS_E2E_DATA_TEMPLATE';

/**
 * A data folder with its embedded PostgreSQL initialised and migrated by `pharos migrate`, made once
 * for the run: each journey's server then starts from a copy instead of an initdb and every migration.
 */
export async function prepareDataTemplate(cli: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PHAROS_DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env['DATABASE_URL'];
  await run(process.execPath, [cli, 'migrate'], { env });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A new data folder copied from the template (its embedded PostgreSQL stopped), on a port of its own. */
export async function copyDataTemplate(template: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-e2e-'));
  // cp -a keeps the cluster's owner and modes, which PostgreSQL checks.
  await run('cp', ['-a', `${template}/.`, dir]);
  await rm(path.join(dir, 'postgres.port'), { force: true });
  return dir;
}
