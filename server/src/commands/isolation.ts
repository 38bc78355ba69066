/** The operator's setting that lets commands run as Pharos's own user when they cannot run as an unprivileged one. */
export const UNISOLATED_SETTING = 'PHAROS_EXEC_UNISOLATED';

/** Exec work refused, with the reason and what the operator can do. */
export class CommandsRefusedError extends Error {
  constructor(why: string) {
    super(`exec is disabled: ${why}; set ${UNISOLATED_SETTING}=true to allow it`);
    this.name = 'CommandsRefusedError';
  }
}

/** How commands run: as an unprivileged user of their own (Pharos runs as root), or as Pharos's user when the operator allows it. */
export type IsolationPolicy = { mode: 'isolated' } | { mode: 'unisolated' } | { mode: 'refused'; error: CommandsRefusedError };

export function unisolatedAllowed(env: NodeJS.ProcessEnv): boolean {
  const raw = env[UNISOLATED_SETTING]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${UNISOLATED_SETTING} must be true or false, got "${env[UNISOLATED_SETTING]}"`);
}

/** The policy of a process running as `uid`. */
export function isolationPolicy(uid: number, env: NodeJS.ProcessEnv): IsolationPolicy {
  if (uid === 0) return { mode: 'isolated' };
  if (unisolatedAllowed(env)) return { mode: 'unisolated' };
  return { mode: 'refused', error: new CommandsRefusedError(`Pharos runs as uid ${uid} and cannot switch to an unprivileged user`) };
}

/** When the user of a run cannot be made although Pharos runs as root. */
export function withoutUser(reason: string, env: NodeJS.ProcessEnv): IsolationPolicy {
  if (unisolatedAllowed(env)) return { mode: 'unisolated' };
  return { mode: 'refused', error: new CommandsRefusedError(`Pharos cannot switch to an unprivileged user (${reason})`) };
}
