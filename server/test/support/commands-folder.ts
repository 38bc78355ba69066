import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A temporary folder the commands Pharos runs for users (each run as an OS user of its own) may
 * create files in, as /tmp lets them.
 */
export async function folderForCommands(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(folder, 0o1777);
  return folder;
}

/** An empty file that commands of any run may write and append to (the runs' own files are theirs alone). */
export async function fileForCommands(file: string): Promise<string> {
  await writeFile(file, '');
  await chmod(file, 0o666);
  return file;
}
