import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, PeerProcess } from './process.js';

/** Alertmanager (Debian's prometheus-alertmanager) on a loopback port, alone (no cluster), notifying nobody. */
export async function startAlertmanager(): Promise<{ url: string; process: PeerProcess }> {
  const folder = await PeerProcess.folder('alertmanager');
  const config = path.join(folder, 'alertmanager.yml');
  await writeFile(config, 'route:\n  receiver: nobody\nreceivers:\n  - name: nobody\n');
  const port = await freePort();
  const process = await PeerProcess.start('alertmanager', folder, 'prometheus-alertmanager', [
    `--config.file=${config}`,
    `--web.listen-address=127.0.0.1:${port}`,
    `--storage.path=${path.join(folder, 'data')}`,
    '--cluster.listen-address=',
  ], port, 60_000);
  return { url: `http://127.0.0.1:${port}`, process };
}
