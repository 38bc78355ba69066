import { migrate } from '../db/migrate.js';
import { openRuntimeDatabase, runOnce } from './runtime.js';

/** `pharos migrate`: applies pending migrations and says which. */
export async function migrateCommand(): Promise<void> {
  await runOnce(async (runtime) => {
    const database = await openRuntimeDatabase(runtime);
    const result = await migrate(database.pool, { logger: runtime.logger });
    const applied = result.applied.length === 0 ? 'nothing to apply' : `applied ${result.applied.join(', ')}`;
    process.stdout.write(`Migrations: ${applied} (${result.unchanged} already applied)\n`);
  });
}
