import { seedDemo } from '../db/seed/demo.js';
import { seedScale } from '../db/seed/scale.js';
import { openMigratedDatabase, runOnce } from './runtime.js';

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
      const seeders = await seedDemo(database.pool, runtime.logger);
      process.stdout.write(`Demo data seeded: ${seeders.join(', ')}\n`);
    }
    if (options.scale !== undefined) {
      const result = await seedScale(database.pool, options.scale);
      process.stdout.write(`Inserted ${result.incidents} incidents and ${result.people} people\n`);
    }
  });
}
