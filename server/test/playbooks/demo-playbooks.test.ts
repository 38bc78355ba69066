import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { syncCanary } from '../../src/health/sync.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { runCli } from '../support/cli.js';
import { playbookTest } from './helpers.js';

/**
 * `pharos seed --demo` adds playbooks that really run on this machine: the size of a table of the
 * demo catalog (through the sealed database connection), and a disk report kept as an artifact.
 */

const SECRET_KEY = 'demo-playbooks-test-key-0123456789';
const env = playbookTest({ secrets: new ServerSecrets(createHash('sha256').update(SECRET_KEY).digest()) });

describe('the demo playbooks', () => {
  it('run on a table the demo scraper found and on the disk check', async () => {
    const seeded = await runCli(['seed', '--demo'], { DATABASE_URL: env.database.url, PORT: new URL(env.server.url).port, PHAROS_SECRET_KEY: SECRET_KEY });
    expect(seeded.code, seeded.stderr).toBe(0);
    const { rows: scrapers } = await env.pool.query<{ id: string }>("select id from config_scrapers where namespace = 'demo' and name = 'pharos-database'");
    await runScraper({ pool: env.pool, secrets: new ServerSecrets(createHash('sha256').update(SECRET_KEY).digest()) }, scrapers[0]!.id, AbortSignal.timeout(60_000));
    const { rows: tables } = await env.pool.query<{ id: string }>("select id from configs where type = 'PostgreSQL::Table' and name = 'canaries' and deleted_at is null");
    const { rows: playbooks } = await env.pool.query<{ id: string; name: string }>("select id, name from playbooks where namespace = 'demo' order by name");
    expect(playbooks.map((playbook) => playbook.name)).toEqual(['disk-report', 'table-size']);

    const sized = await env.until((await env.start({ id: playbooks[1]!.id, config_id: tables[0]!.id })).body.run_id!);
    expect(sized.status, JSON.stringify(sized.actions)).toBe('completed');
    expect((sized.actions[1]!.result as { stdout: string }).stdout).toMatch(/^public\.canaries: \d+ (bytes|kB|MB)$/);

    // The demo canary's checks, as its canary.changed event makes them on a server.
    const { rows: canaries } = await env.pool.query<{ id: string }>("select id from canaries where namespace = 'demo' and name = 'pharos-self'");
    await syncCanary(env.pool, canaries[0]!.id);
    const { rows: checks } = await env.pool.query<{ id: string }>("select id from checks where name = 'disk-space' and deleted_at is null");
    const report = await env.until((await env.start({ id: playbooks[0]!.id, check_id: checks[0]!.id, params: { threshold: '1' } })).body.run_id!);
    expect(report.status, JSON.stringify(report.actions)).toBe('completed');
    expect((report.actions[0]!.result as { artifacts: { path: string; content: string }[] }).artifacts[0]).toMatchObject({ path: 'report.txt', content: expect.stringContaining('Filesystem') });
  });
});
