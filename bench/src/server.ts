// The parts of the built server (server/dist) the benchmark uses; `npm run db` builds it first.
export { buildApp } from '../../server/dist/app.js';
export { createToken } from '../../server/dist/auth/tokens.js';
export { openDatabase, type Database } from '../../server/dist/db/database.js';
export { migrate } from '../../server/dist/db/migrate.js';
export { seedScale } from '../../server/dist/db/seed/scale.js';

/** The command `npm start` runs, relative to the repository root. */
export const SERVE_COMMAND: readonly string[] = ['server/dist/cli/main.js', 'serve'];
export { Engine } from '../../server/dist/engine/engine.js';
export { loadEngineConfig } from '../../server/dist/engine/config.js';
export { createLogger } from '../../server/dist/logger.js';
export { createIdentity } from '../../server/dist/auth/identity/identities.js';
export { transaction } from '../../server/dist/db/transaction.js';
export { ExpressionSandbox } from '../../server/dist/expressions/sandbox.js';
export { registerPlaybooks } from '../../server/dist/playbooks/register.js';
export { ServerSecrets } from '../../server/dist/secrets/server-secrets.js';
export { pushAllTables } from '../../server/dist/agents/runtime/push-tables.js';
export { UpstreamClient } from '../../server/dist/agents/runtime/upstream-client.js';
