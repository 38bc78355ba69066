import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app (`npm run build -w web`), relative to both server/src and server/dist. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Vite's output folder for files whose names carry a hash of their content. */
const HASHED_DIR = 'assets';

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: always asked again, so a deploy is seen at once. */
export const CACHE_REVALIDATE = 'no-cache';

function cacheControlFor(dir: string, file: string): string {
  const relative = path.relative(dir, file).split(path.sep);
  return relative.length > 1 && relative[0] === HASHED_DIR ? CACHE_FOREVER : CACHE_REVALIDATE;
}

/**
 * Serves the web app when it has been built; returns false when there is nothing to serve. The
 * build's `.br` and `.gz` copies go to browsers that accept them (the answer varies by
 * Accept-Encoding); hashed assets are cached for good, everything else revalidated.
 */
export async function serveWebApp(app: FastifyInstance, dir: string = WEB_DIST_DIR): Promise<boolean> {
  if (!existsSync(path.join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, file) => {
      response.setHeader('Vary', 'Accept-Encoding');
      response.setHeader('Cache-Control', cacheControlFor(dir, file));
    },
  });
  return true;
}
