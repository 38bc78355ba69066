import { spawn } from 'node:child_process';
import { chown, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandUser } from './command-users.js';
import { COMMAND_PATH, findTool } from './tools.js';

/** The temporary folders every user of the machine shares, and the name of each in a run's own copy. */
export const SHARED_TEMPORARY_FOLDERS: ReadonlyMap<string, string> = new Map([
  ['/tmp', 'tmp'],
  ['/var/tmp', 'var-tmp'],
  ['/dev/shm', 'shm'],
]);

/** The programs that give a command private temporary folders, by absolute path. */
export interface PrivateTempTools {
  unshare: string;
  mount: string;
  setpriv: string;
  bash: string;
}

/** A run's own temporary folders: `root` holds one folder per shared one, mounted over it for the run's commands alone. */
export interface PrivateTemp {
  root: string;
  tools: PrivateTempTools;
  /** What is mounted, in order: each shared folder over its copy, the run's folder kept at its path inside the copy that hides it. */
  mounts: ReadonlyArray<{ option: '--bind' | '--rbind'; source: string; target: string }>;
}

let available: Promise<PrivateTempTools | undefined> | undefined;

/** Whether this machine lets Pharos give a command a mount namespace of its own (root, and not forbidden by a container's policy). */
function privateTempTools(): Promise<PrivateTempTools | undefined> {
  available ??= (async () => {
    if (process.getuid?.() !== 0) return undefined;
    try {
      const [unshare, mount, setpriv, bash] = await Promise.all(['unshare', 'mount', 'setpriv', 'bash'].map(findTool));
      const works = await new Promise<boolean>((resolve) => {
        const probe = spawn(unshare!, ['--mount', '--propagation', 'private', '--', mount!, '--bind', tmpdir(), tmpdir()], { env: { PATH: COMMAND_PATH }, stdio: 'ignore' });
        probe.once('error', () => resolve(false));
        probe.once('exit', (code) => resolve(code === 0));
      });
      return works ? { unshare: unshare!, mount: mount!, setpriv: setpriv!, bash: bash! } : undefined;
    } catch {
      return undefined;
    }
  })();
  return available;
}

/**
 * Makes the run's own /tmp, /var/tmp and /dev/shm (owned by its user), when the machine allows it:
 * two runs at once that write the same path there (mission-control's examples write /tmp/output.txt)
 * each find their own file, and neither sees the other's nor the machine's. `folder` (the run's
 * folder, in the system's temporary folder) stays where it is for the commands. Undefined where it
 * cannot: the run shares the machine's folders.
 */
export async function makePrivateTemp(user: CommandUser, folder: string): Promise<PrivateTemp | undefined> {
  const tools = await privateTempTools();
  const parent = path.dirname(folder);
  const holder = SHARED_TEMPORARY_FOLDERS.has(parent) ? parent : undefined;
  // A run folder deeper inside a shared folder would need more of it kept: such a machine shares them.
  if (!tools || (!holder && [...SHARED_TEMPORARY_FOLDERS.keys()].some((shared) => parent.startsWith(`${shared}/`)))) return undefined;
  const root = await mkdtemp(path.join(parent, 'pharos-run-temp-'));
  for (const name of SHARED_TEMPORARY_FOLDERS.values()) {
    const copy = path.join(root, name);
    await mkdir(copy, { mode: 0o700 });
    await chown(copy, user.uid, user.gid);
  }
  const mounts: Array<PrivateTemp['mounts'][number]> = [];
  for (const [shared, name] of SHARED_TEMPORARY_FOLDERS) if (shared !== holder) mounts.push({ option: '--bind', source: path.join(root, name), target: shared });
  if (holder) {
    // The copy of the folder that holds the run's folder (and the copies) goes over it last, with the run's folder inside it.
    const copy = path.join(root, SHARED_TEMPORARY_FOLDERS.get(holder)!);
    const inCopy = path.join(copy, path.basename(folder));
    await mkdir(inCopy, { mode: 0o700 });
    mounts.push({ option: '--bind', source: folder, target: inCopy }, { option: '--rbind', source: copy, target: holder });
  }
  return { root, tools, mounts };
}

/** Where a path the run's commands see in a shared temporary folder is for Pharos: in the run's own copy, if it has one. */
export function pathOutside(temp: PrivateTemp | undefined, file: string): string {
  if (!temp) return file;
  for (const [shared, name] of SHARED_TEMPORARY_FOLDERS) {
    if (file === shared || file.startsWith(`${shared}/`)) return path.join(temp.root, name, file.slice(shared.length));
  }
  return file;
}

/**
 * The program and arguments that run `argv` as `user` with the run's temporary folders mounted over
 * the shared ones. The first steps run as root, so they get no environment of the spec's (it could
 * preload a library into them): the command's environment arrives on file descriptor 3 as
 * NUL-separated NAME=value entries, read by the user's own shell after the switch.
 */
export function privateTempCommand(temp: PrivateTemp, user: CommandUser, argv: readonly string[]): { file: string; args: string[] } {
  const { unshare, mount, setpriv, bash } = temp.tools;
  const asRoot = 'm=$1; shift; while [ "$1" != -- ]; do "$m" "$1" "$2" "$3" || exit 125; shift 3; done; shift; exec "$@"';
  const mounts = temp.mounts.flatMap(({ option, source, target }) => [option, source, target]);
  // umask 077: what a run writes is not readable by the other runs' users.
  // A name a shell cannot export (with '.' or '-') is said on stderr rather than lost without a word.
  const asUser =
    'while IFS= read -r -d "" entry; do export "$entry" 2>/dev/null || echo "pharos: the environment variable ${entry%%=*} is not set: a shell cannot export that name" >&2; done <&3; exec 3<&-; umask 077 && exec "$@"';
  return {
    file: unshare,
    args: ['--mount', '--propagation', 'private', '--', '/bin/sh', '-c', asRoot, 'pharos-command', mount, ...mounts, '--', setpriv, `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', bash, '-c', asUser, 'pharos-command', ...argv],
  };
}

/** The environment as file descriptor 3 of privateTempCommand reads it. */
export const environmentEntries = (env: Readonly<Record<string, string>>): string => Object.entries(env).map(([name, value]) => `${name}=${value}\0`).join('');
