import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, PeerProcess } from './process.js';
import { ensurePeerUser, PEER_USER } from './system-user.js';

/** OpenSSH's sshd on a loopback port with SFTP, where PEER_USER logs in with the given password. */
export async function startSshd(password: string): Promise<{ host: string; port: number; user: string; process: PeerProcess }> {
  ensurePeerUser(password);
  mkdirSync('/run/sshd', { recursive: true });
  const folder = await PeerProcess.folder('sshd');
  const hostKey = path.join(folder, 'host_key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  const port = await freePort();
  const config = path.join(folder, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(folder, 'sshd.pid')}`,
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      `AllowUsers ${PEER_USER}`,
      '',
    ].join('\n'),
  );
  const process = await PeerProcess.start('sshd', folder, '/usr/sbin/sshd', ['-D', '-e', '-f', config], port);
  return { host: '127.0.0.1', port, user: PEER_USER, process };
}
