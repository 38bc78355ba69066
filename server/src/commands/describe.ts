import type { CommandResult } from './types.js';

/**
 * Why a command did not succeed, in a line ('exit status 2: its last error line',
 * 'the script was stopped: cancelled by Ada', '…: it started more than its 128 processes'), with what
 * was dropped of its output; undefined when it succeeded.
 */
export function describeCommandFailure(result: CommandResult, what = 'the script'): string | undefined {
  const notes = result.notes.length > 0 ? ` (${result.notes.join('; ')})` : '';
  if (result.stopped) return `${what} was stopped: ${result.stopped}${result.limit ? `; ${result.limit}` : ''}${notes}`;
  if (result.code === 0) return result.limit ? `${what} reached a limit: ${result.limit}${notes}` : undefined;
  const ended = result.code === null ? `${what} was ended by ${result.signal ?? 'a signal'}` : `exit status ${result.code}`;
  const lastLine = result.stderr.trimEnd().split('\n').at(-1);
  return `${ended}${result.limit ? `: ${result.limit}` : ''}${lastLine ? `: ${lastLine}` : ''}${notes}`;
}
