import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** Listens on `port` (0: any) of 127.0.0.1 for a moment: the port it got, or null when it is taken. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address === 'object' ? address.port : null));
    });
  });
}

/**
 * The port the cluster had last time, when it is still free, so that what was saved with its URL
 * (a connection to Pharos's own database, a client's settings) keeps working after a restart; else
 * any free port, remembered in `{dataDir}/postgres.port` for the next start. `reserved` ports (the
 * HTTP port the server is about to listen on) are never taken, though free at this moment.
 */
export async function clusterPort(dataDir: string, reserved: readonly number[] = []): Promise<number> {
  const file = path.join(dataDir, 'postgres.port');
  const previous = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  const usable = Number.isInteger(previous) && previous > 0 && previous < 65536 && !reserved.includes(previous);
  let port = usable ? await probe(previous) : null;
  for (let attempt = 0; attempt < 20 && (port === null || reserved.includes(port)); attempt++) port = await probe(0);
  if (port !== null && reserved.includes(port)) port = null;
  if (port === null) throw new Error('Could not find a free port for the embedded PostgreSQL');
  if (port !== previous) await writeFile(file, `${port}\n`, { mode: 0o600 });
  return port;
}
