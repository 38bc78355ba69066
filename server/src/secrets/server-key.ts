import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';
const MIN_KEY_LENGTH = 32;

/**
 * The server's key: `PHAROS_SECRET_KEY` (any text of 32 characters or more; every process on one
 * database must have the same), else `secret.key` in the data folder, created with 32 random bytes
 * and mode 0600 on first use.
 */
export async function loadServerKey(env: NodeJS.ProcessEnv, dataDir: string): Promise<Buffer> {
  const configured = env['PHAROS_SECRET_KEY']?.trim();
  if (configured) {
    if (configured.length < MIN_KEY_LENGTH) throw new Error(`PHAROS_SECRET_KEY must have at least ${MIN_KEY_LENGTH} characters`);
    return createHash('sha256').update(configured).digest();
  }
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': of two processes starting at once, the second reads what the first wrote.
    await writeFile(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}
