import { execFileSync } from 'node:child_process';

/** The unix account the SSH and SMB peers log in as (created once; the tests run as root). */
export const PEER_USER = 'pharos-peer';

export function ensurePeerUser(password: string): void {
  try {
    execFileSync('id', [PEER_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--create-home', '--shell', '/bin/sh', PEER_USER], { stdio: 'ignore' });
  }
  execFileSync('chpasswd', [], { input: `${PEER_USER}:${password}\n` });
}
