import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisIdOf } from '../../src/catalog/analysis-rules.js';
import { catalogTest } from './helpers.js';

/**
 * Insights from a scrape as config-db makes them: the analysis a script lists for its items (full
 * mode), with config-db's built-in rules setting the category and severity of their analyzers, an
 * insight about another config by its external id and type (skipped when there is none), insights
 * found again by their external_analysis_id, those no longer listed for an item resolved on the
 * next scrape, and with retention.staleAnalysisAge those no scrape observed for that long resolved
 * too (an invalid age is an error of the run).
 */

const env = catalogTest('pharos-insights-');

interface Scan {
  keys: boolean;
  disk: boolean;
  cves: string[];
}

const output = ({ keys, disk, cves }: Scan) =>
  JSON.stringify([
    {
      config: { id: 'api', kind: 'App::Service' },
      analysis: [
        ...(keys ? [{ analyzer: 'Exposed Access Keys', analysis_type: 'other', severity: 'low', summary: 'AWS key in the environment', source: 'scanner' }] : []),
        ...(disk ? [{ analyzer: 'disk-pressure', analysis_type: 'availability', severity: 'high', summary: 'disk 95% full', external_id: 'db-1', config_type: 'App::Database' }] : []),
        { analyzer: 'slow-queries', severity: 'medium', summary: 'about a config nobody scraped', external_id: 'db-9', config_type: 'App::Database' },
        ...cves.map((cve) => ({ analyzer: 'cve', analysis_type: 'security', severity: 'high', summary: `${cve} in libssl`, external_analysis_id: cve })),
      ],
    },
    { config: { id: 'db-1', kind: 'App::Database' } },
  ]);

describe('insights', () => {
  it('writes the listed insights with the built-in rules, on the configs they name, and resolves them when no longer listed or too long unobserved', async () => {
    const file = path.join(env.dir, 'scan.json');
    await writeFile(file, output({ keys: true, disk: true, cves: ['CVE-2026-1', 'CVE-2026-2'] }));
    const scraperId = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: insight-scan
spec:
  full: true
  retention:
    staleAnalysisAge: 1h
  exec:
    - type: $.config.kind
      id: $.config.id
      name: $.config.id
      script: cat ${file}
`))[0]!;
    const pool = env.server.pool;
    const insights = async () =>
      (
        await pool.query<{ config: string; analyzer: string; analysis_type: string; severity: string; summary: string; status: string; id: string; scraper_id: string }>(
          `select c.name as config, a.analyzer, a.analysis_type, a.severity, a.summary, a.status, a.id, a.scraper_id
           from config_analysis a join configs c on c.id = a.config_id order by c.name, a.analyzer, a.summary`,
        )
      ).rows;

    const first = await env.run(scraperId);
    expect(first.errors).toEqual([]);
    expect(first.summary['App::Service']).toMatchObject({ insights: 3, resolved: 0 });
    expect(first.summary['App::Database']).toMatchObject({ insights: 1 });
    expect((await insights()).map(({ config, analyzer, analysis_type, severity, summary, status }) => [config, analyzer, analysis_type, severity, summary, status])).toEqual([
      ['api', 'Exposed Access Keys', 'security', 'critical', 'AWS key in the environment', 'open'],
      ['api', 'cve', 'security', 'high', 'CVE-2026-1 in libssl', 'open'],
      ['api', 'cve', 'security', 'high', 'CVE-2026-2 in libssl', 'open'],
      ['db-1', 'disk-pressure', 'availability', 'high', 'disk 95% full', 'open'],
    ]);
    const cveIds = (await insights()).filter((row) => row.analyzer === 'cve').map((row) => row.id);
    expect(cveIds).toEqual([analysisIdOf('CVE-2026-1'), analysisIdOf('CVE-2026-2')]);
    expect(new Set((await insights()).map((row) => row.scraper_id))).toEqual(new Set([scraperId]));

    // The keys are gone and one CVE is fixed: the api lists what remains; db-1's insight is no longer
    // listed by anyone, but nothing lists db-1's own, so it stays open until it is too old.
    await writeFile(file, output({ keys: false, disk: false, cves: ['CVE-2026-1'] }));
    const second = await env.run(scraperId);
    expect(second.errors).toEqual([]);
    expect(second.summary['App::Service']).toMatchObject({ insights: 1, resolved: 2 });
    const statuses = async () => (await insights()).map((row) => `${row.config} ${row.analyzer} ${row.summary.split(' ')[0]} ${row.status}`);
    expect(await statuses()).toEqual(['api Exposed Access Keys AWS resolved', 'api cve CVE-2026-1 open', 'api cve CVE-2026-2 resolved', 'db-1 disk-pressure disk open']);

    // As if db-1's insight had last been observed two hours ago.
    await pool.query(
      "update config_analysis a set first_observed = now() - interval '2 hours', last_observed = now() - interval '2 hours' from configs c where c.id = a.config_id and c.name = 'db-1'",
    );
    const third = await env.run(scraperId);
    expect(third.summary['App::Database']).toMatchObject({ resolved: 1 });
    expect(await statuses()).toEqual(['api Exposed Access Keys AWS resolved', 'api cve CVE-2026-1 open', 'api cve CVE-2026-2 resolved', 'db-1 disk-pressure disk resolved']);

    // Seen again: the same row (by its external id) is opened again.
    await writeFile(file, output({ keys: false, disk: false, cves: ['CVE-2026-1', 'CVE-2026-2'] }));
    await env.run(scraperId);
    expect(await statuses()).toContain('api cve CVE-2026-2 open');
    expect((await insights()).filter((row) => row.analyzer === 'cve')).toHaveLength(2);
  });

  it('a staleAnalysisAge that is no duration is refused with its path, and one saved before is an error of the run', async () => {
    const yaml = (age: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: insight-bad-age
spec:
  full: true
  retention:
    staleAnalysisAge: ${age}
  exec:
    - type: App::Lone
      id: $.config.id
      script: echo '{"config":{"id":"lone"},"analysis":[]}'
`;
    const response = await env.applyRaw(yaml('soon'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { problems: Array<{ path: string }> };
    expect(body.problems.map((problem) => problem.path)).toContain('/spec/retention/staleAnalysisAge');

    const scraperId = (await env.apply(yaml('keep')))[0]!;
    await env.server.pool.query(`update config_scrapers set spec = jsonb_set(spec, '{retention,staleAnalysisAge}', '"soon"') where id = $1`, [scraperId]);
    const run = await env.run(scraperId);
    expect(run.errors).toEqual(['invalid analysis retention config: retention.staleAnalysisAge: time: invalid duration "soon"']);
  });
});
