export { withCommandRun } from './command-run.js';
export { describeCommandFailure } from './describe.js';
export { SHARED_TEMPORARY_FOLDERS } from './private-temp.js';
export { CommandsRefusedError, UNISOLATED_SETTING } from './isolation.js';
export { COMMAND_LIMITS } from './limits.js';
export { readRunFile } from './run-files.js';
export { COMMAND_PATH } from './tools.js';
export type { CommandRequest, CommandResult, CommandRun } from './types.js';
