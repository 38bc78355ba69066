import { describe, expect, it } from 'vitest';
import { db, id, useEmbedFixture, AMY, CMD, SCOPE, ZED, sfx } from './embed-fixture.js';

/**
 * Embedded resources: many-to-one and one-to-many by FK column or table name, aliases, many-to-many
 * through a junction table, a table referencing itself, and embeds through views.
 */

useEmbedFixture();

describe('many-to-one', () => {
  it('embeds through a foreign-key column name: created_by(id,name)', async () => {
    const { data, error } = await db.from('incidents').select('title,created_by(id,name)').eq('description', SCOPE).order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'one', created_by: { id: id['zed'], name: ZED } },
      { title: 'three', created_by: null },
      { title: 'two', created_by: { id: id['amy'], name: AMY } },
    ]);
  });

  it('person_id(*) replaces the column with the whole person', async () => {
    const { data, error } = await db.from('team_members').select('*,person_id(*)').eq('team_id', id['team']).order('created_at');
    expect(error).toBeNull();
    const rows = data as { team_id: string; person_id: { id: string; name: string; email: string | null }; created_at: string }[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ['created_at', 'person_id', 'team_id'],
      ['created_at', 'person_id', 'team_id'],
    ]);
    expect(rows.map((r) => r.person_id.name).sort()).toEqual([AMY, ZED].sort());
    const zed = rows.find((r) => r.person_id.id === id['zed']);
    expect(zed?.person_id).toMatchObject({ id: id['zed'], name: ZED, email: `zed-${sfx}@example.com`, type: 'user', properties: {}, deleted_at: null });
  });

  it('embeds by table name: checks?select=*,canaries(id,name)', async () => {
    const { data, error } = await db.from('checks').select('name,canaries(id,name)').eq('canary_id', id['canary']).order('name');
    expect(error).toBeNull();
    const canary = { id: id['canary'], name: `can-${sfx}` };
    expect(data).toEqual([
      { name: `chk-a-${sfx}`, canaries: canary },
      { name: `chk-b-${sfx}`, canaries: canary },
    ]);
  });

  it('an alias names the embedded object: creator:created_by(name)', async () => {
    const { data } = await db.from('incidents').select('title,creator:created_by(name)').eq('id', id['two']);
    expect(data).toEqual([{ title: 'two', creator: { name: AMY } }]);
  });
});

describe('one-to-many', () => {
  it('incidents?select=*,hypotheses(*) nests every hypothesis as an array', async () => {
    const { data, error } = await db.from('incidents').select('*,hypotheses(*)').eq('description', SCOPE).order('title');
    expect(error).toBeNull();
    const rows = data as { title: string; id: string; hypotheses: { id: string; incident_id: string; title: string }[] }[];
    expect(rows.map((r) => r.title)).toEqual(['one', 'three', 'two']);
    expect(rows[0]?.hypotheses.map((h) => h.title).sort()).toEqual(['h1-a', 'h1-b', 'h1-c']);
    expect(rows[0]?.hypotheses.every((h) => h.incident_id === id['one'])).toBe(true);
    expect(rows[0]).toMatchObject({ id: id['one'], severity: 'low', status: 'open', commander_id: id['cmd'], created_by: id['zed'] });
    expect(rows[1]?.hypotheses).toEqual([]);
    expect(rows[2]?.hypotheses.map((h) => h.title)).toEqual(['h2-a']);
  });

  it('people?select=name,team_members(team_id) goes the other way of a foreign key', async () => {
    const { data } = await db.from('people').select('name,team_members(team_id)').eq('id', id['zed']);
    expect(data).toEqual([{ name: ZED, team_members: [{ team_id: id['team'] }] }]);
  });
});

describe('many-to-many through a junction table', () => {
  it('teams → people through team_members, named by a hint (created_by also links them)', async () => {
    const { data, error } = await db.from('teams').select('name,members:people!team_members(name)').eq('id', id['team']).order('name', { referencedTable: 'members' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: `team-${sfx}`, members: [{ name: AMY }, { name: ZED }] }]);
  });

  it('people → teams the other way', async () => {
    const { data, error } = await db.from('people').select('name,teams!team_members(name)').in('id', [id['amy'], id['cmd']]).order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: AMY, teams: [{ name: `team-${sfx}` }] },
      { name: CMD, teams: [] },
    ]);
  });

  it('without the hint teams → people is ambiguous (300 PGRST201)', async () => {
    const { error, status } = await db.from('teams').select('name,people(name)').eq('id', id['team']);
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
  });
});

describe('a table referencing itself (hypotheses.parent_id)', () => {
  it('parent_id(title) embeds the parent', async () => {
    const { data, error } = await db.from('hypotheses').select('title,parent_id(title)').eq('incident_id', id['tree']).order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 't-child-1', parent_id: { title: 't-root' } },
      { title: 't-child-2', parent_id: { title: 't-root' } },
      { title: 't-root', parent_id: null },
    ]);
  });

  it('hypotheses!parent_id(title) embeds the children', async () => {
    const { data, error } = await db.from('hypotheses').select('title,children:hypotheses!parent_id(title,type)').eq('id', id['root']).order('title', { referencedTable: 'children' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: 't-root',
        children: [
          { title: 't-child-1', type: 'factor' },
          { title: 't-child-2', type: 'factor' },
        ],
      },
    ]);
  });
});

describe('embeds through views', () => {
  it('teams_with_status?select=*,created_by(id,name)', async () => {
    const { data, error } = await db.from('teams_with_status').select('name,created_by(id,name)').eq('id', id['team']);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: `team-${sfx}`, created_by: { id: id['zed'], name: ZED } }]);
  });

  // agents_summary also reads configs, config_scrapers and playbook_runs (which have created_by
  // too) in subqueries: only agents.created_by is the view's column.
  it('agents_summary?select=*,created_by(id,name)', async () => {
    const { data, error, status } = await db.from('agents_summary').select('name,created_by(id,name)').eq('id', id['agent']);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ name: `agent-${sfx}`, created_by: { id: id['zed'], name: ZED } }]);
  });
});
