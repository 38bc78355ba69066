import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/**
 * `pharos seed --demo` run from another shell, without the server's PORT, points the demo checks and
 * scrapers at the running server's own port (recorded by `pharos serve` when it listens), and the
 * demo file scraper passes its own form (its icon is set).
 */

let serve: ServeProcess;

beforeAll(async () => {
  serve = await startServeProcess();
}, 180_000);

afterAll(async () => {
  await serve?.stop();
});

describe('the demo seed', () => {
  it("calls the running server on the port it listens on, not the default one", async () => {
    const port = Number(new URL(serve.url).port);
    expect(port).not.toBe(8080);
    expect((await serve.pool.query('select port from served_port')).rows).toEqual([{ port }]);

    const seeded = await runCli(['seed', '--demo'], { DATABASE_URL: serve.databaseUrl, PHAROS_DATA_DIR: serve.dataDir }, 120_000);
    expect(seeded.code, seeded.stderr).toBe(0);
    const { rows: scrapers } = await serve.pool.query<{ spec: { http: { url: string }[] } }>("select spec from config_scrapers where namespace = 'demo' and name = 'pharos-api'");
    expect(scrapers[0]!.spec.http[0]!.url).toBe(`http://127.0.0.1:${port}/api/about`);
    expect((await fetch(scrapers[0]!.spec.http[0]!.url)).status).toBe(200);
    const { rows: canaries } = await serve.pool.query<{ spec: { http: { url: string }[]; tcp: { endpoint: string }[] } }>("select spec from canaries where namespace = 'demo' and deleted_at is null");
    expect(canaries.flatMap((canary) => canary.spec.http?.map((check) => new URL(check.url).port) ?? [])).toEqual(expect.arrayContaining([String(port)]));
    expect(canaries.flatMap((canary) => canary.spec.http?.map((check) => new URL(check.url).port) ?? [])).not.toContain('8080');
  }, 180_000);
});
