import { execFile } from 'node:child_process';
import { chmod, chown, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface OsUser {
  uid: number;
  gid: number;
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

async function lookup(name: string): Promise<OsUser | null> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]),
      execFileAsync('id', ['-g', name]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/** PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user, created if missing. */
export async function ensurePostgresOsUser(): Promise<OsUser> {
  const existing = await lookup('postgres');
  if (existing) return existing;
  try {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  } catch (error) {
    throw new Error(`Could not create the postgres OS user needed to run PostgreSQL as root: ${(error as Error).message}`);
  }
  const created = await lookup('postgres');
  if (!created) throw new Error('The postgres OS user was created but cannot be looked up');
  return created;
}

/** Adds the execute ("search") bit for others on every ancestor of `dir`, so another OS user can reach it. */
export async function makeAncestorsTraversable(dir: string): Promise<void> {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, (info.mode & 0o7777) | 0o001);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** Gives `dir` and everything below it to `owner` (only walks the tree when the top is not theirs yet). */
export async function chownTree(dir: string, owner: OsUser): Promise<void> {
  const info = await stat(dir);
  if (info.uid === owner.uid && info.gid === owner.gid) return;
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(child, owner);
    else await chown(child, owner.uid, owner.gid);
  }
}
