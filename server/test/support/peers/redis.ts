import { freePort, PeerProcess } from './process.js';

/** Redis (Debian's redis-server) on a loopback port, with a password. */
export async function startRedis(password: string): Promise<{ url: string; process: PeerProcess }> {
  const folder = await PeerProcess.folder('redis');
  const port = await freePort();
  const process = await PeerProcess.start('redis', folder, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--requirepass', password, '--save', '', '--appendonly', 'no', '--dir', folder], port);
  return { url: `redis://127.0.0.1:${port}`, process };
}
