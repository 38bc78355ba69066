import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { databaseUrlNamed } from './database-names.js';

export interface DatabaseCopy {
  url: string;
  drop(): Promise<void>;
}

const BUSY_TEMPLATE = '55006';

/**
 * A new database made from `template` (fast: PostgreSQL copies its files, no migrations run), reached
 * through `adminUrl`'s cluster; `drop()` removes it even while some connection of a test lingers.
 */
export async function copyTemplateDatabase(adminUrl: string, template: string): Promise<DatabaseCopy> {
  const name = `pharos_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // CREATE DATABASE refuses a template someone is connected to; another worker's CREATE can hold it for a moment.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== BUSY_TEMPLATE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlNamed(adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // A pool.end() resolves before the server has closed its sessions; forcing them closed at once
        // would hand an idle pool an error nobody listens to any more.
        for (let check = 0; check < 50; check++) {
          const { rows } = await dropper.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
