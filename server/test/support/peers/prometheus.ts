import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, PeerProcess } from './process.js';

/** Prometheus (Debian's package) on a loopback port, scraping nothing. */
export async function startPrometheus(): Promise<{ url: string; process: PeerProcess }> {
  const folder = await PeerProcess.folder('prometheus');
  const config = path.join(folder, 'prometheus.yml');
  await writeFile(config, 'global:\n  scrape_interval: 1m\n');
  const port = await freePort();
  const process = await PeerProcess.start('prometheus', folder, 'prometheus', [
    `--config.file=${config}`,
    `--web.listen-address=127.0.0.1:${port}`,
    `--storage.tsdb.path=${path.join(folder, 'data')}`,
  ], port, 60_000);
  return { url: `http://127.0.0.1:${port}`, process };
}
