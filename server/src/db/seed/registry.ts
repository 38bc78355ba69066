import { canariesSeeder } from './canaries.js';
import { peopleAndTeamsSeeder } from './people-and-teams.js';
import { playbooksSeeder } from './playbooks.js';
import { scrapersSeeder } from './scrapers.js';
import { topologySeeder } from '../../topology/engine/demo-seeder.js';
import type { Seeder } from './types.js';

/**
 * The demo seeders run by `pharos seed --demo`, in order (later ones may refer to rows of earlier
 * ones). Each area adds its own seeder here.
 */
export const DEMO_SEEDERS: readonly Seeder[] = [peopleAndTeamsSeeder, canariesSeeder, scrapersSeeder, topologySeeder, playbooksSeeder];
