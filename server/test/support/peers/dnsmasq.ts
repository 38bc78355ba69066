import { freePort, PeerProcess } from './process.js';

/**
 * dnsmasq (Debian's dnsmasq-base) on a loopback port, answering `records` (name → IPv4) and nothing
 * else, besides what `more` adds in dnsmasq's own options (`--mx-host=…`, `--ptr-record=…`).
 */
export async function startDnsmasq(records: Readonly<Record<string, string>>, more: readonly string[] = []): Promise<{ port: number; process: PeerProcess }> {
  const folder = await PeerProcess.folder('dnsmasq');
  const port = await freePort();
  const args = [
    '--no-daemon',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--bind-interfaces',
    '--listen-address=127.0.0.1',
    `--port=${port}`,
    `--pid-file=${folder}/dnsmasq.pid`,
    '--user=root',
    // Authoritative for pharos.test: unknown names are NXDOMAIN, not refused.
    '--local=/pharos.test/',
    ...Object.entries(records).map(([name, address]) => `--host-record=${name},${address}`),
    '--txt-record=pharos.test,"v=pharos1"',
    ...more,
  ];
  // dnsmasq also listens on TCP at the port: that is what the start waits for.
  const process = await PeerProcess.start('dnsmasq', folder, '/usr/sbin/dnsmasq', args, port);
  return { port, process };
}
