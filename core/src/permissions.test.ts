import { describe, expect, it } from 'vitest';
import {
  RESOURCES,
  ROLES,
  can,
  canRunCheck,
  canSeeSettings,
  isResource,
  isRole,
  permissionsFor,
  toRoles,
  type Resource,
  type Role,
} from './permissions.js';

// The spec table written out resource by resource, independently of the implementation:
// each letter string gives read/write for admin, editor, commander, responder, viewer
// ('rw' = read and write, 'r' = read only, '-' = nothing).
const EXPECTED: Record<Resource, [admin: string, editor: string, commander: string, responder: string, viewer: string]> = {
  database: ['rw', 'rw', 'r', 'r', 'r'],
  rbac: ['rw', 'r', '-', '-', '-'],
  auth: ['rw', 'rw', 'r', 'r', 'r'],
  responder: ['rw', 'rw', 'rw', 'rw', 'r'],
  incident: ['rw', 'rw', 'rw', 'rw', 'r'],
  evidences: ['rw', 'rw', 'rw', 'rw', 'r'],
  comments: ['rw', 'rw', 'rw', 'rw', 'r'],
  canaries: ['rw', 'rw', 'r', 'r', 'r'],
  topologies: ['rw', 'rw', 'r', 'r', 'r'],
  config_scrapers: ['rw', 'rw', 'r', 'r', 'r'],
  identities: ['rw', 'r', '-', '-', '-'],
  connections: ['rw', 'r', '-', '-', '-'],
  kratos: ['rw', 'rw', 'r', 'r', 'r'],
  agents: ['rw', 'rw', 'r', 'r', 'r'],
  properties: ['rw', 'rw', 'r', 'r', 'r'],
  logging_backends: ['rw', 'rw', 'r', 'r', 'r'],
  integrations: ['rw', 'rw', 'r', 'r', 'r'],
  notifications: ['rw', 'rw', 'r', 'r', 'r'],
  playbooks: ['rw', 'rw', 'r', 'r', 'r'],
  playbook_runs: ['rw', 'rw', 'r', 'r', 'r'],
};
const COLUMN: Record<Role, number> = { admin: 0, editor: 1, commander: 2, responder: 3, viewer: 4 };

function expected(role: Role, resource: Resource): string {
  return EXPECTED[resource][COLUMN[role]] ?? '';
}

describe('roles and resources', () => {
  it('has the five roles and twenty resources of the spec', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'commander', 'editor', 'responder', 'viewer']);
    expect(RESOURCES).toHaveLength(20);
    expect([...RESOURCES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('recognises roles and resources by name', () => {
    expect(isRole('commander')).toBe(true);
    expect(isRole('Admin')).toBe(false);
    expect(isRole('owner')).toBe(false);
    expect(isResource('playbook_runs')).toBe(true);
    expect(isResource('feature_flags')).toBe(false);
  });

  it('toRoles drops unknown names and duplicates', () => {
    expect(toRoles(['editor', 'root', 'editor', 'viewer'])).toEqual(['editor', 'viewer']);
  });
});

describe('role matrix', () => {
  for (const role of ROLES) {
    for (const resource of RESOURCES) {
      const cell = expected(role, resource);
      it(`${role} on ${resource}: ${cell}`, () => {
        expect(can([role], resource, 'read')).toBe(cell.includes('r'));
        expect(can([role], resource, 'write')).toBe(cell.includes('w'));
      });
    }
  }

  it('permissionsFor gives the same answers for every resource', () => {
    for (const role of ROLES) {
      const perms = permissionsFor([role]);
      expect(Object.keys(perms).sort()).toEqual([...RESOURCES].sort());
      for (const resource of RESOURCES) {
        const cell = expected(role, resource);
        expect(perms[resource]).toEqual({ read: cell.includes('r'), write: cell.includes('w') });
      }
    }
  });
});

describe('merged and empty roles', () => {
  it('an empty role list is a viewer', () => {
    for (const resource of RESOURCES) {
      expect(can([], resource, 'read')).toBe(can(['viewer'], resource, 'read'));
      expect(can([], resource, 'write')).toBe(false);
    }
    expect(can([], 'database', 'read')).toBe(true);
    expect(can([], 'rbac', 'read')).toBe(false);
  });

  it('merges permissions as a union', () => {
    // viewer + responder: responder writes are gained, nothing else
    expect(can(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(can(['viewer', 'responder'], 'agents', 'write')).toBe(false);
    // responder + editor: editor writes agents, still cannot write connections
    expect(can(['responder', 'editor'], 'agents', 'write')).toBe(true);
    expect(can(['responder', 'editor'], 'connections', 'write')).toBe(false);
    expect(can(['responder', 'editor'], 'connections', 'read')).toBe(true);
    // editor + admin: admin adds rbac, identities and connections writes
    expect(can(['editor', 'admin'], 'rbac', 'write')).toBe(true);
  });

  it('merges permissionsFor as a union for every resource', () => {
    const merged = permissionsFor(['commander', 'editor']);
    for (const resource of RESOURCES) {
      const c = expected('commander', resource);
      const e = expected('editor', resource);
      expect(merged[resource]).toEqual({
        read: c.includes('r') || e.includes('r'),
        write: c.includes('w') || e.includes('w'),
      });
    }
  });
});

describe('specific rules', () => {
  it('Run Now is for admin, editor, responder and commander only', () => {
    expect(canRunCheck(['admin'])).toBe(true);
    expect(canRunCheck(['editor'])).toBe(true);
    expect(canRunCheck(['responder'])).toBe(true);
    expect(canRunCheck(['commander'])).toBe(true);
    expect(canRunCheck(['viewer'])).toBe(false);
    expect(canRunCheck([])).toBe(false);
    expect(canRunCheck(['viewer', 'commander'])).toBe(true);
  });

  it('the settings menu is hidden for viewers', () => {
    expect(canSeeSettings(['viewer'])).toBe(false);
    expect(canSeeSettings([])).toBe(false);
    expect(canSeeSettings(['responder'])).toBe(true);
    expect(canSeeSettings(['viewer', 'admin'])).toBe(true);
  });
});
