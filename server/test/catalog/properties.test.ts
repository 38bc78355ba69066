import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * A scraper's `properties`, rendered per item as config-db does: Go templates with `{{…}}` or `$(…)`
 * in text, value and links over the scraped item, a CEL `filter` choosing the items a property is
 * for, a property that cannot be rendered left out with its reason in the run's errors; a second
 * scrape of changed data renders them again.
 */

const env = catalogTest('pharos-properties-');

const services = (replicas: number) =>
  JSON.stringify([
    { name: 'checkout', owner: 'team-pay', replicas, public: true },
    { name: 'search', owner: 'team-find', replicas: 2, public: false },
  ]);

describe('templated properties', () => {
  it('renders text, value and links over each item, keeps those whose filter is true, and reports the ones that fail', async () => {
    const file = path.join(env.dir, 'services.json');
    await writeFile(file, services(3));
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: property-services
spec:
  file:
    - type: App::Service
      id: $.name
      name: $.name
      items: $[*]
      paths: [services.json]
      labels:
        team: $.owner
      properties:
        - name: replicas
          value: "{{ .config.replicas }}"
          unit: pods
          max: "$(.config.replicas | add 2)"
        - name: owner
          text: "$(.config.owner)"
          headline: true
        - name: dashboard
          text: "{{ .name | upper }} in {{ .labels.team }}"
          links:
            - type: url
              url: "https://grafana.example/d/{{ .name }}?type={{ .config_type }}"
              text: "{{ .name }} dashboard"
        - name: exposure
          text: public
          color: red
          filter: config.public == true
        - name: broken
          text: "{{ .config.owner | nosuchfunction }}"
`))[0]!;

    const first = await env.run(id);
    expect(first.errors).toHaveLength(2);
    for (const [index, name] of ['checkout', 'search'].entries()) {
      expect(first.errors[index]).toContain(`services.json: App::Service ${name}: property broken:`);
      expect(first.errors[index]).toContain('nosuchfunction');
    }
    const properties = async () =>
      Object.fromEntries(
        (await env.server.pool.query<{ name: string; properties: unknown }>('select name, properties from configs where scraper_id = $1 order by name', [id])).rows.map((row) => [
          row.name,
          row.properties,
        ]),
      );
    expect(await properties()).toEqual({
      checkout: [
        { name: 'replicas', value: 3, unit: 'pods', max: 5 },
        { name: 'owner', text: 'team-pay', headline: true },
        {
          name: 'dashboard',
          text: 'CHECKOUT in team-pay',
          links: [{ type: 'url', url: 'https://grafana.example/d/checkout?type=App::Service', text: 'checkout dashboard' }],
        },
        { name: 'exposure', text: 'public', color: 'red' },
      ],
      search: [
        { name: 'replicas', value: 2, unit: 'pods', max: 4 },
        { name: 'owner', text: 'team-find', headline: true },
        {
          name: 'dashboard',
          text: 'SEARCH in team-find',
          links: [{ type: 'url', url: 'https://grafana.example/d/search?type=App::Service', text: 'search dashboard' }],
        },
      ],
    });

    await writeFile(file, services(5));
    const second = await env.run(id);
    expect(second.summary['App::Service']).toMatchObject({ updated: 1, unchanged: 1 });
    const checkout = (await properties())['checkout'] as Array<Record<string, unknown>>;
    expect(checkout[0]).toEqual({ name: 'replicas', value: 5, unit: 'pods', max: 7 });
  });

  it('a value that does not render to a number is refused with its reason', async () => {
    await writeFile(path.join(env.dir, 'one.json'), JSON.stringify({ name: 'solo', owner: 'nobody' }));
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: property-numbers
spec:
  file:
    - type: App::Solo
      id: $.name
      paths: [one.json]
      properties:
        - name: size
          value: "{{ .config.owner }}"
        - name: filtered
          text: x
          filter: config.owner
`))[0]!;
    const run = await env.run(id);
    expect(run.errors).toEqual([
      'file[0]: one.json: App::Solo solo: property size: value must be a number, got "nobody"',
      'file[0]: one.json: App::Solo solo: property filtered: expected a boolean but property filter returned ("nobody")',
    ]);
    const { rows } = await env.server.pool.query<{ properties: unknown }>('select properties from configs where scraper_id = $1', [id]);
    expect(rows).toEqual([{ properties: [] }]);
  });
});
