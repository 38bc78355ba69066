import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * `transform.changes.mapping` beyond `ignore`, as config-db carries them out: every rule whose filter
 * is true applies in order (type, severity, a Go-template summary, action), `delete` soft-deletes the
 * config at the change's time, `move-up`/`copy-up` put the change on (or copy it to) an ancestor,
 * `move`/`copy` on the configs a `target` selects, `config_id`/`config_type` redirect it to another
 * config (dropped when there is none), and a diff change can trigger an action too.
 *
 * The file, http, sql and exec kinds set no parent_id (config-db's Kubernetes scraper does, from
 * owner references): the parents here are the `parent: true` relationships pod → shop → prod.
 */

const env = catalogTest('pharos-change-actions-');

interface Entry {
  config: Record<string, unknown>;
  changes?: Array<Record<string, unknown>>;
}

const item = (kind: string, id: string, extra: Record<string, unknown> = {}, changes: Array<Record<string, unknown>> = []): Entry => ({ config: { id, kind, ...extra }, changes });

const podAChanges = [
  { change_type: 'Restarted', external_change_id: 'rs-1', summary: 'pod-a restarted' },
  { change_type: 'Evicted', external_change_id: 'ev-1', summary: 'pod-a evicted' },
  { change_type: 'Alert', external_change_id: 'al-1', summary: 'latency', details: { peer: 'pod-c' } },
  { change_type: 'Migrated', external_change_id: 'mg-1', summary: 'moved to node 2' },
  { change_type: 'Audit', external_change_id: 'au-1', summary: 'quota raised', details: { subject: 'shop' } },
  { change_type: 'Audit', external_change_id: 'au-2', summary: 'lost', details: { subject: 'ghost' } },
  { change_type: 'Odd', external_change_id: 'od-1', summary: 'odd' },
];

const landscape = (withChanges: boolean, podCState: string) =>
  JSON.stringify([
    item('App::Cluster', 'prod'),
    item('App::Namespace', 'shop'),
    item('App::Pod', 'pod-a', {}, withChanges ? podAChanges : []),
    item('App::Pod', 'pod-b', {}, withChanges ? [{ change_type: 'Killed', external_change_id: 'k-1', summary: 'pod-b killed', created_at: '2026-01-02T03:04:05Z', details: { reason: 'OOM' } }] : []),
    item('App::Pod', 'pod-c', { state: podCState }),
  ]);

const spec = (file: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: change-actions
spec:
  full: true
  exec:
    - type: $.config.kind
      id: $.config.id
      name: $.config.id
      script: cat ${file}
      transform:
        relationship:
          - filter: config_type == 'App::Pod'
            type:
              value: App::Namespace
            name:
              value: shop
            parent: true
          - filter: config_type == 'App::Namespace'
            type:
              value: App::Cluster
            name:
              value: prod
            parent: true
        changes:
          mapping:
            - filter: change_type == 'Killed'
              type: PodKilled
              action: delete
            - filter: change_type == 'PodKilled'
              severity: high
              summary: "{{ .summary }} ({{ .details.reason }})"
            - filter: change_type == 'Restarted'
              action: move-up
              ancestor_type: App::Cluster
            - filter: change_type == 'Evicted'
              action: copy-up
            - filter: change_type == 'Alert'
              action: copy
              target:
                type: App::Pod
                name:
                  expr: details.peer
            - filter: change_type == 'Migrated'
              action: move
              target:
                type: App::Pod
                name: pod-c
            - filter: change_type == 'Audit'
              config_id: details.subject
              config_type: App::Namespace
            - filter: change_type == 'Odd'
              action: explode
            - filter: change_type == 'diff' && config.state == 'terminated'
              type: Terminated
              action: delete
`;

describe('change mapping actions', () => {
  it('deletes, moves and copies changes up the parents or to selected configs, and redirects them', async () => {
    const file = path.join(env.dir, 'landscape.json');
    await writeFile(file, landscape(false, 'running'));
    const scraperId = (await env.apply(spec(file)))[0]!;
    expect((await env.run(scraperId)).errors).toEqual([]);
    const pool = env.server.pool;
    const { rows } = await pool.query<{ id: string; name: string }>('select id, name from configs where scraper_id = $1', [scraperId]);
    const id = Object.fromEntries(rows.map((row) => [row.name, row.id]));

    await writeFile(file, landscape(true, 'terminated'));
    const second = await env.run(scraperId);
    expect(second.errors).toEqual([expect.stringContaining('App::Pod pod-a: transform.changes.mapping[7]: action must be one of delete, ignore, move-up, copy-up, copy, move, got "explode"')]);
    expect(second.summary['App::Pod']).toMatchObject({ deleted: 2 });

    const changes = async () =>
      (
        await pool.query<{ config: string; change_type: string; severity: string; summary: string; external_change_id: string | null }>(
          `select c.name as config, cc.change_type, cc.severity, cc.summary, cc.external_change_id
           from config_changes cc join configs c on c.id = cc.config_id where c.scraper_id = $1
           order by c.name, cc.change_type, cc.external_change_id`,
          [scraperId],
        )
      ).rows.map((row) => [row.config, row.change_type, row.external_change_id ?? row.summary, row.severity, row.summary]);
    expect(await changes()).toEqual([
      ['pod-a', 'Alert', 'al-1', 'info', 'latency'],
      ['pod-a', 'Evicted', 'ev-1', 'info', 'pod-a evicted'],
      ['pod-a', 'Odd', 'od-1', 'info', 'odd'],
      ['pod-b', 'PodKilled', 'k-1', 'high', 'pod-b killed (OOM)'],
      ['pod-c', 'Alert', `al-1:copy:${id['pod-c']}`, 'info', 'latency'],
      ['pod-c', 'Migrated', 'mg-1', 'info', 'moved to node 2'],
      ['pod-c', 'Terminated', 'state: running → terminated', 'info', 'state: running → terminated'],
      ['prod', 'Restarted', 'rs-1', 'info', 'pod-a restarted'],
      ['shop', 'Audit', 'au-1', 'info', 'quota raised'],
      ['shop', 'Evicted', `ev-1:copy-up:${id['shop']}`, 'info', 'pod-a evicted'],
    ]);

    const { rows: states } = await pool.query<{ name: string; deleted_at: Date | null }>('select name, deleted_at from configs where scraper_id = $1 order by name', [scraperId]);
    const deletedAt = Object.fromEntries(states.map((row) => [row.name, row.deleted_at]));
    expect(deletedAt['pod-b']).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(deletedAt['pod-c']).toBeInstanceOf(Date);
    expect(deletedAt['pod-a']).toBeNull();
    expect(deletedAt['shop']).toBeNull();
  });
});
