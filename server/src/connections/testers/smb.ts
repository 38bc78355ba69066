import smb2 from 'v9u-smb2';
import { failureOf, required, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';

// A CommonJS module whose declarations say `export default`: Node hands over module.exports itself.
const SMB2 = smb2 as unknown as typeof smb2.default;

/** `\\server\share[\path]` or `smb://server/share/path`, read into the share and the folder under it. */
export function smbTarget(connection: ResolvedConnection): { share: string; path: string } {
  const text = required(connection.url, 'server').replace(/^smb:\/\//i, '//').replace(/\\/g, '/');
  const [server, share, ...rest] = text.replace(/^\/+/, '').split('/');
  if (!server || !share) throw new Error(`'${connection.url ?? ''}' names no share: write \\\\server\\share or smb://server/share`);
  return { share: `\\\\${server}\\${share}`, path: rest.filter(Boolean).join('\\') || connection.properties['searchPath'] || '' };
}

/** Logs in to the share (NTLMv2) and lists its folder. */
export const testSmb: ConnectionTester = (connection) =>
  failureOf(async () => {
    const { share, path } = smbTarget(connection);
    const client = new SMB2({
      share,
      domain: connection.properties['domain'] || 'WORKGROUP',
      username: required(connection.username, 'username'),
      password: connection.password ?? '',
      port: Number(connection.properties['port'] || 445),
      autoCloseTimeout: 0,
    });
    try {
      await client.readdir(path);
    } finally {
      client.disconnect();
    }
  });
