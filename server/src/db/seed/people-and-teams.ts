import type { Role } from '@pharos/core';
import type pg from 'pg';
import { ensurePerson, grantRoles } from '../../auth/people.js';
import type { Seeder } from './types.js';

interface DemoPerson {
  name: string;
  email: string;
  roles: Role[];
}

interface DemoTeam {
  name: string;
  icon: string;
  members: string[];
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: 'Alice Romero', email: 'alice.romero@example.com', roles: ['admin'] },
  { name: 'Ben Okafor', email: 'ben.okafor@example.com', roles: ['editor'] },
  { name: 'Chen Wei', email: 'chen.wei@example.com', roles: ['viewer'] },
  { name: 'Dana Kowalski', email: 'dana.kowalski@example.com', roles: ['commander'] },
  { name: 'Eli Haddad', email: 'eli.haddad@example.com', roles: ['responder'] },
  { name: 'Fatima Noor', email: 'fatima.noor@example.com', roles: ['editor', 'responder'] },
];

export const DEMO_TEAMS: readonly DemoTeam[] = [
  { name: 'Platform', icon: 'kubernetes', members: ['alice.romero@example.com', 'ben.okafor@example.com', 'fatima.noor@example.com'] },
  { name: 'Database Reliability', icon: 'postgres', members: ['ben.okafor@example.com', 'chen.wei@example.com'] },
  { name: 'Payments On-Call', icon: 'alert', members: ['dana.kowalski@example.com', 'eli.haddad@example.com', 'fatima.noor@example.com'] },
];

async function ensureTeam(client: pg.PoolClient, team: DemoTeam): Promise<string> {
  const existing = await client.query<{ id: string }>(
    'select id from teams where name = $1 and deleted_at is null order by created_at limit 1',
    [team.name],
  );
  const found = existing.rows[0];
  if (found) return found.id;
  const created = await client.query<{ id: string }>(
    'insert into teams (name, icon) values ($1, $2) returning id',
    [team.name, team.icon],
  );
  const row = created.rows[0];
  if (!row) throw new Error(`Could not create team ${team.name}`);
  return row.id;
}

/** Six people covering every role, and three teams. */
export const peopleAndTeamsSeeder: Seeder = {
  name: 'people-and-teams',
  description: 'people with every role, and teams with members',
  async run(client) {
    const ids = new Map<string, string>();
    for (const person of DEMO_PEOPLE) {
      const id = await ensurePerson(client, { email: person.email, name: person.name });
      await grantRoles(client, id, person.roles);
      ids.set(person.email, id);
    }
    for (const team of DEMO_TEAMS) {
      const teamId = await ensureTeam(client, team);
      const memberIds = team.members.map((email) => ids.get(email)).filter((id): id is string => id !== undefined);
      await client.query(
        `insert into team_members (team_id, person_id)
         select $1, unnest($2::uuid[])
         on conflict do nothing`,
        [teamId, memberIds],
      );
    }
  },
};
