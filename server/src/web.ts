import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app (`npm run build -w web`), relative to both server/src and server/dist. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Serves the web app when it has been built; returns false when there is nothing to serve. */
export async function serveWebApp(app: FastifyInstance, dir: string = WEB_DIST_DIR): Promise<boolean> {
  if (!existsSync(path.join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dir, prefix: '/', index: ['index.html'] });
  return true;
}
