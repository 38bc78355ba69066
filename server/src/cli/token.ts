import { isRole, ROLES, type Role } from '@pharos/core';
import { createToken } from '../auth/tokens.js';
import { openMigratedDatabase, runOnce } from './runtime.js';

export interface TokenCreateOptions {
  email: string;
  role: string[];
  name?: string;
}

/** Accepts `--role admin --role editor` as well as `--role admin,editor`. */
export function parseRoles(values: readonly string[]): Role[] {
  const roles: Role[] = [];
  for (const value of values.flatMap((item) => item.split(','))) {
    const role = value.trim();
    if (role === '') continue;
    if (!isRole(role)) throw new Error(`Unknown role "${role}"; expected one of ${ROLES.join(', ')}`);
    if (!roles.includes(role)) roles.push(role);
  }
  return roles;
}

/** `pharos token create`: prints the new token as the last line of stdout. */
export async function tokenCreate(options: TokenCreateOptions): Promise<void> {
  const roles = parseRoles(options.role);
  await runOnce(async (runtime) => {
    const database = await openMigratedDatabase(runtime);
    const token = await createToken(database.pool, {
      email: options.email,
      roles,
      name: options.name,
    });
    process.stdout.write(`Access token for ${options.email} (roles: ${roles.join(', ') || 'none'}):\n${token}\n`);
  });
}
