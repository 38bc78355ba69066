import { ConnectionTestFailure } from '../../connections/testers/types.js';
import { smbclient, type SmbLogin } from '../../connections/testers/smb.js';
import type { FolderEntry } from './folder-measure.js';

/** `  name   A   1234  Wed Nov 25 08:14:00 2026` as smbclient's ls prints an entry (times in local time). */
const ENTRY = /^ {2}(.+?)\s+([A-Z]*)\s+(\d+)\s+(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})$/;
const SPACE = /(\d+) blocks of size (\d+)\. (\d+) blocks available/;
/** A folder that is not there: an empty listing, as canary-checker has it. */
const MISSING = /NT_STATUS_(OBJECT_NAME_NOT_FOUND|OBJECT_PATH_NOT_FOUND|NO_SUCH_FILE)$/;

/** Parses smbclient's ls output into entries (without . and ..) and the free bytes of the share. */
export function parseSmbListing(output: string): { entries: FolderEntry[]; availableSize: number } {
  const entries: FolderEntry[] = [];
  let availableSize = -1;
  for (const line of output.split('\n')) {
    const match = ENTRY.exec(line);
    if (match) {
      const [, name = '', attributes = '', size = '0', time = ''] = match;
      if (name === '.' || name === '..') continue;
      entries.push({ name, size: Number(size), modified: new Date(time), isDir: attributes.includes('D') });
      continue;
    }
    const space = SPACE.exec(line);
    if (space) availableSize = Number(space[3]) * Number(space[2]);
  }
  return { entries, availableSize };
}

/** Lists `folder` of the share with smbclient (one level: SMB folders are not walked). */
export async function listSmbFolder(login: SmbLogin, folder: string, signal: AbortSignal, timeoutMs: number): Promise<{ entries: FolderEntry[]; availableSize: number }> {
  const pattern = `${folder.replace(/["]/g, '').replace(/\//g, '\\').replace(/^\\+|\\+$/g, '')}\\*`.replace(/^\\/, '');
  try {
    return parseSmbListing(await smbclient(login, `ls "${pattern}"`, signal, timeoutMs));
  } catch (error) {
    if (error instanceof ConnectionTestFailure && MISSING.test(error.message)) return { entries: [], availableSize: -1 };
    throw error;
  }
}
