import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server the journeys drive, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
  }
}

/** One real server for all journeys; stopped (and its data removed) afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return server.stop;
}
