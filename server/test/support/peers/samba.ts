import { execFileSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, PeerProcess } from './process.js';
import { ensurePeerUser, PEER_USER } from './system-user.js';

/** Samba's smbd on a loopback port with a share `pharos` (kept in `folder`), where PEER_USER logs in with the given password. */
export async function startSamba(password: string): Promise<{ port: number; user: string; share: string; folder: string; process: PeerProcess }> {
  ensurePeerUser(password);
  const folder = await PeerProcess.folder('samba');
  const share = path.join(folder, 'share');
  // The share's user must reach it through the (root-owned, 0700) temporary folder.
  await chmod(folder, 0o755);
  for (const dir of ['private', 'lock', 'state', 'cache', 'pid', 'ncalrpc', 'share']) await mkdir(path.join(folder, dir));
  await writeFile(path.join(share, 'hello.txt'), 'hello\n');
  execFileSync('chown', ['-R', PEER_USER, share]);
  const port = await freePort();
  const config = path.join(folder, 'smb.conf');
  await writeFile(
    config,
    [
      '[global]',
      '  workgroup = WORKGROUP',
      '  server role = standalone server',
      `  smb ports = ${port}`,
      '  interfaces = 127.0.0.1',
      '  bind interfaces only = yes',
      '  disable netbios = yes',
      ...['private', 'lock', 'state', 'cache', 'pid', 'ncalrpc'].map((dir) => `  ${dir === 'ncalrpc' ? 'ncalrpc dir' : `${dir} directory`} = ${path.join(folder, dir)}`),
      `  passdb backend = tdbsam:${path.join(folder, 'private', 'passdb.tdb')}`,
      `  log file = ${path.join(folder, 'log.smbd')}`,
      '  map to guest = never',
      '  server min protocol = SMB2',
      '  load printers = no',
      '[pharos]',
      `  path = ${share}`,
      '  read only = no',
      '',
    ].join('\n'),
  );
  execFileSync('smbpasswd', ['-c', config, '-a', '-s', PEER_USER], { input: `${password}\n${password}\n`, stdio: ['pipe', 'ignore', 'pipe'] });
  const process = await PeerProcess.start('smbd', folder, '/usr/sbin/smbd', ['--foreground', '--no-process-group', '-s', config, '--debug-stdout'], port);
  return { port, user: PEER_USER, share: 'pharos', folder: share, process };
}
