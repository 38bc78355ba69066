import { seedDemo } from '../db/seed/demo.js';
import { DEMO_SEEDERS } from '../db/seed/registry.js';
import { seedScale } from '../db/seed/scale.js';
import { servedPort } from '../system/served-port.js';
import { loadRuntimeSecrets, openMigratedDatabase, runOnce } from './runtime.js';

export interface SeedOptions {
  demo?: boolean;
  scale?: number;
}

/** `pharos seed --demo` and/or `--scale N`. */
export async function seedCommand(options: SeedOptions): Promise<void> {
  if (!options.demo && options.scale === undefined) throw new Error('Say what to seed: --demo and/or --scale N');
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    if (options.demo) {
      // The demo checks and scrapers call the running server: its own port, recorded when it started listening.
      const port = (await servedPort(database.pool)) ?? runtime.config.port;
      const context = { databaseUrl: database.url, dataDir: runtime.config.dataDir, port, secrets: await loadRuntimeSecrets(runtime) };
      const seeders = await seedDemo(database.pool, runtime.logger, DEMO_SEEDERS, context);
      process.stdout.write(`Demo data seeded: ${seeders.join(', ')}\n`);
    }
    if (options.scale !== undefined) {
      const result = await seedScale(database.pool, options.scale);
      process.stdout.write(`Inserted ${result.incidents} incidents and ${result.people} people\n`);
    }
  });
}
