import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

export interface Credentials {
  user: string;
  password: string;
}

function parse(file: string, text: string): Credentials {
  const value: unknown = JSON.parse(text);
  if (
    typeof value === 'object' && value !== null &&
    'user' in value && typeof value.user === 'string' &&
    'password' in value && typeof value.password === 'string'
  ) {
    return { user: value.user, password: value.password };
  }
  throw new Error(`${file} must hold {"user": "...", "password": "..."}`);
}

async function readCredentials(file: string): Promise<Credentials | null> {
  try {
    return parse(file, await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The superuser of the embedded cluster: read from `file`, or generated and written there (mode 0600). */
export async function loadOrCreateCredentials(file: string, allowCreate: boolean): Promise<Credentials> {
  const existing = await readCredentials(file);
  if (existing) return existing;
  if (!allowCreate) {
    throw new Error(`${file} is missing, so the existing embedded database cannot be opened; restore it or remove the data folder to start afresh`);
  }
  const created: Credentials = { user: 'pharos', password: randomBytes(24).toString('base64url') };
  try {
    // 'wx' so two processes starting at once agree on one password.
    await writeFile(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return created;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readCredentials(file);
    if (!raced) throw error;
    return raced;
  }
}
