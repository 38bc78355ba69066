import { afterAll, inject } from 'vitest';
import { copyTemplateDatabase } from './template-copy.js';

// Setup file of the integration project: runs in the worker before each test file, so every file,
// however it reaches the database (`inject('databaseUrl')`, `startTestServer()`), works on a copy
// of its own of the migrated template, dropped when the file is done.
const copy = await copyTemplateDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
provideToThisFile('databaseUrl', copy.url);
afterAll(() => copy.drop(), 120_000);

/**
 * vitest has no per-file `provide`; its worker state holds the provided values of the file being
 * run (deserialized anew for every file), and `inject` reads them from there.
 */
function provideToThisFile(key: 'databaseUrl', value: string): void {
  const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
  if (!state?.providedContext) throw new Error('vitest worker state has no provided context: file-database.ts needs updating for this vitest version');
  state.providedContext[key] = value;
  if (inject(key) !== value) throw new Error('inject() no longer reads the worker state: file-database.ts needs updating for this vitest version');
}
