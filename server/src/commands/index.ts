export { withCommandRun, readRunFile, COMMAND_PATH, type CommandRequest, type CommandResult, type CommandRun } from './command-run.js';
export { describeCommandFailure } from './describe.js';
export { CommandsRefusedError, UNISOLATED_SETTING } from './isolation.js';
export { COMMAND_LIMITS } from './limits.js';
