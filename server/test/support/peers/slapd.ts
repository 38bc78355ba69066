import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort, PeerProcess } from './process.js';

export const LDAP_SUFFIX = 'dc=pharos,dc=test';
export const LDAP_ADMIN = `cn=admin,${LDAP_SUFFIX}`;

/** OpenLDAP (Debian's slapd) on a loopback port; its root DN binds with the given password. */
export async function startSlapd(password: string): Promise<{ url: string; process: PeerProcess }> {
  const folder = await PeerProcess.folder('slapd');
  await mkdir(path.join(folder, 'db'));
  const config = path.join(folder, 'slapd.conf');
  await writeFile(
    config,
    [
      'include /etc/ldap/schema/core.schema',
      `pidfile ${path.join(folder, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN}"`,
      `rootpw ${password}`,
      `directory ${path.join(folder, 'db')}`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const process = await PeerProcess.start('slapd', folder, 'slapd', ['-f', config, '-h', `ldap://127.0.0.1:${port}/`, '-d', '0'], port);
  return { url: `ldap://127.0.0.1:${port}`, process };
}
