import type { SFTPWrapper } from 'ssh2';
import { withSftp, type SftpLogin } from '../../connections/testers/sftp.js';
import { modeString } from './folder-local.js';
import type { FolderEntry } from './folder-measure.js';

const NO_SUCH_FILE = 2;

function readdir(sftp: SFTPWrapper, dir: string): Promise<FolderEntry[] | undefined> {
  return new Promise((resolve, reject) => {
    sftp.readdir(dir, (error, list) => {
      if (error) return (error as { code?: number }).code === NO_SUCH_FILE ? resolve(undefined) : reject(new Error(`cannot list ${dir}: ${error.message}`));
      resolve(
        list.map((item) => {
          const isDir = (item.attrs.mode & 0o170000) === 0o040000;
          return { name: item.filename, size: item.attrs.size, modified: new Date(item.attrs.mtime * 1000), isDir, mode: modeString(item.attrs.mode, isDir) };
        }),
      );
    });
  });
}

/** Free bytes through OpenSSH's statvfs extension, -1 where the server has none. */
function available(sftp: SFTPWrapper, dir: string): Promise<number> {
  return new Promise((resolve) => {
    try {
      sftp.ext_openssh_statvfs(dir, (error, fs: { f_bavail: number | bigint; f_frsize: number | bigint } | undefined) => resolve(error || !fs ? -1 : Number(fs.f_bavail) * Number(fs.f_frsize)));
    } catch {
      resolve(-1);
    }
  });
}

/** The entries of a folder over SFTP (subfolders too when recursive); a folder that does not exist is empty. */
export function listSftpFolder(login: SftpLogin, folder: string, recursive: boolean, timeoutMs: number): Promise<{ entries: FolderEntry[]; availableSize: number }> {
  return withSftp(
    login,
    async (sftp) => {
      const entries: FolderEntry[] = [];
      const walk = async (dir: string, prefix: string): Promise<void> => {
        for (const entry of (await readdir(sftp, dir)) ?? []) {
          if (entry.name === '.' || entry.name === '..') continue;
          if (entry.isDir && recursive) await walk(`${dir.replace(/\/+$/, '')}/${entry.name}`, `${prefix}${entry.name}/`);
          else entries.push({ ...entry, name: prefix + entry.name });
        }
      };
      await walk(folder, '');
      return { entries, availableSize: await available(sftp, folder) };
    },
    timeoutMs,
  );
}
