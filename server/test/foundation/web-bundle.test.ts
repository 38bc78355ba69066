import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../../src/web.js';

/**
 * What a browser downloads before it can show a page, from the built web app (`npm run build -w
 * web`, which `npm test` runs before this): the JavaScript of the entry and of the app it starts,
 * weighed as the server sends them to a browser that accepts gzip.
 */
const SIGN_IN_BUDGET_BYTES = 80 * 1024;
const SHELL_BUDGET_BYTES = 150 * 1024;

/** The shell's app, before any screen's own code (each screen is a lazily loaded route). */
const SHELL_APP = 'src/app/app.tsx';
/** The chunk group of the sign-in app (web/vite.config.ts). */
const SIGN_IN_CHUNK_NAME = 'sign-in';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;

beforeAll(async () => {
  const file = path.join(WEB_DIST_DIR, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build -w web)`);
  manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
});

/** The chunk's key and those of everything it imports statically, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** The page's entry (index.html) and the app it starts, with their static imports. */
function pageLoad(appKey: string): ManifestChunk[] {
  const entry = manifest['index.html'];
  expect(entry?.isEntry, 'index.html is the entry').toBe(true);
  expect(entry?.dynamicImports, 'the entry starts the app').toContain(appKey);
  return [...new Set([...staticClosure('index.html'), ...staticClosure(appKey)])].map((key) => manifest[key] as ManifestChunk);
}

/** What the server sends a browser that accepts gzip: the `.gz` copy, or the file itself when too small to have one. */
async function sentBytes(file: string): Promise<number> {
  const gzipped = path.join(WEB_DIST_DIR, `${file}.gz`);
  return (await stat(existsSync(gzipped) ? gzipped : path.join(WEB_DIST_DIR, file))).size;
}

async function gzipBytes(chunks: ManifestChunk[]): Promise<number> {
  const sizes = await Promise.all(chunks.map((chunk) => sentBytes(chunk.file)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const describeChunks = (chunks: ManifestChunk[]) => chunks.map((chunk) => chunk.file).join(', ');

describe('the built web app', () => {
  it('has brotli and gzip copies of its scripts', async () => {
    const scripts = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    for (const chunk of scripts) {
      const size = (await stat(path.join(WEB_DIST_DIR, chunk.file))).size;
      if (size < 512) continue;
      expect(existsSync(path.join(WEB_DIST_DIR, `${chunk.file}.br`)), `${chunk.file}.br`).toBe(true);
      expect(existsSync(path.join(WEB_DIST_DIR, `${chunk.file}.gz`)), `${chunk.file}.gz`).toBe(true);
    }
  });

  it(`loads at most ${SIGN_IN_BUDGET_BYTES / 1024} KB of gzipped JavaScript for /login, without the shell`, async () => {
    const appKey = Object.entries(manifest).find(([, chunk]) => chunk.name === SIGN_IN_CHUNK_NAME)?.[0];
    expect(appKey, `a chunk named ${SIGN_IN_CHUNK_NAME}`).toBeDefined();
    const chunks = pageLoad(appKey as string);
    const keys = chunks.map((chunk) => chunk.src ?? chunk.file);
    expect(keys, 'the sign-in page does not load the shell').not.toContain(SHELL_APP);
    const bytes = await gzipBytes(chunks);
    expect(bytes, `/login loads ${(bytes / 1024).toFixed(1)} KB: ${describeChunks(chunks)}`).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  });

  it(`loads at most ${SHELL_BUDGET_BYTES / 1024} KB of gzipped JavaScript for the signed-in shell before a screen's code`, async () => {
    const chunks = pageLoad(SHELL_APP);
    const bytes = await gzipBytes(chunks);
    expect(bytes, `the shell loads ${(bytes / 1024).toFixed(1)} KB: ${describeChunks(chunks)}`).toBeLessThanOrEqual(SHELL_BUDGET_BYTES);
  });
});
