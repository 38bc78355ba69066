import { spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from './http.js';
import { until } from './until.js';

export interface GitDaemon {
  /** `git://127.0.0.1:{port}`: a repository `{folder}/infra.git` is `${url}/infra.git`. */
  url: string;
  stop(): Promise<void>;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A real git server (`git daemon`, fetch and push) for the repositories in `folder`, on loopback.
 * Served by this process's user, so commands running as other users reach them over the network
 * as they would a remote's.
 */
export async function startGitDaemon(folder: string): Promise<GitDaemon> {
  const port = await freePort();
  const daemon = spawn('git', ['daemon', '--reuseaddr', '--listen=127.0.0.1', `--port=${port}`, `--base-path=${folder}`, '--export-all', '--enable=receive-pack', folder], { stdio: 'ignore' });
  await until(() => accepts(port), Boolean, { timeoutMs: 20_000 });
  return {
    url: `git://127.0.0.1:${port}`,
    stop: async () => {
      if (daemon.exitCode !== null || daemon.signalCode !== null) return;
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      await exited;
    },
  };
}
