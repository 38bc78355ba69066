/**
 * A server process's engine with the playbook area alone, for tests that stop a process mid-run: the
 * real Engine and PlaybookRun job. Prints 'ready' once started; SIGTERM stops it gracefully.
 * Run with `node --import tsx`.
 */
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { registerPlaybooks } from '../../src/playbooks/register.js';
import { childEngine } from './engine-child.js';
import { TEST_SECRETS } from './server.js';

const { pool, engine, serve } = childEngine({ poolSize: 8, concurrency: 4 });
const sandbox = new ExpressionSandbox();
registerPlaybooks(engine, { pool, secrets: TEST_SECRETS, sandbox });
await serve(() => sandbox.close());
