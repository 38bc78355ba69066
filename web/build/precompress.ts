import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What browsers download and compresses well; source maps are left to compression on the fly. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
/** Below this, compression saves less than a hundred bytes or so. */
const MIN_BYTES = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file`, at the highest levels (this runs once per build). */
async function precompress(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Brotli and gzip copies of the built files, written once the bundle is on disk, for the server
 * to send to browsers that accept them (@fastify/static `preCompressed`).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'pharos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      const candidates: string[] = [];
      for (const file of files) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if ((await stat(file)).size >= MIN_BYTES) candidates.push(file);
      }
      await Promise.all(candidates.map(precompress));
    },
  };
}
