import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the tests keep folders that commands must see: outside /tmp, /var/tmp and /dev/shm, of which
 * a run has copies of its own when Pharos runs as root.
 */
const OUTSIDE_TEMPORARY = process.getuid?.() === 0 ? '/var/lib' : tmpdir();

/** A folder of the tests' own that commands see (a secret placed there is theirs to be refused). */
export function folderOutsideTemporary(prefix: string): Promise<string> {
  return mkdtemp(path.join(OUTSIDE_TEMPORARY, prefix));
}

/**
 * A folder the commands Pharos runs for users (each run as an OS user of its own) may create files
 * in, as /tmp lets them.
 */
export async function folderForCommands(prefix: string): Promise<string> {
  const folder = await folderOutsideTemporary(prefix);
  await chmod(folder, 0o1777);
  return folder;
}

/** An empty file that commands of any run may write and append to (the runs' own files are theirs alone). */
export async function fileForCommands(file: string): Promise<string> {
  await writeFile(file, '');
  await chmod(file, 0o666);
  return file;
}
