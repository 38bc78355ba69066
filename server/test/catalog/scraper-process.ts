/**
 * A server process's engine with the catalog's jobs and consumers, as `pharos serve` registers them,
 * for tests that need several processes on one database. Prints 'ready' once started; SIGTERM stops
 * it gracefully. Run with `node --import tsx`.
 */
import { registerCatalog } from '../../src/catalog/register.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { childEngine } from '../support/engine-child.js';

const { pool, engine, serve } = childEngine({ poolSize: 6, concurrency: 4, eventsPollMs: 200 });
registerCatalog(engine, { pool, secrets: new ServerSecrets(Buffer.alloc(32, 42)) });

await serve();
