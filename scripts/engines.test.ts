import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readManifest(file: string): Manifest {
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Every package the lock file installs that is on disk (platform-specific optional ones may be absent). */
function installedManifests(): Array<{ where: string; manifest: Manifest }> {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages)
    .filter((where) => where.includes('node_modules/'))
    .map((where) => ({ where, file: path.join(ROOT, where, 'package.json') }))
    .filter(({ file }) => existsSync(file))
    .map(({ where, file }) => ({ where, manifest: readManifest(file) }));
}

describe('Node.js floor', () => {
  const floor = semver.minVersion(readManifest(path.join(ROOT, 'package.json')).engines?.node ?? '');

  it('is stated in package.json', () => {
    expect(floor?.version).toBe('20.19.0');
  });

  it('is accepted by every installed package', () => {
    const installed = installedManifests();
    expect(installed.length).toBeGreaterThan(100);
    const refusing = installed
      .filter(({ manifest }) => manifest.engines?.node !== undefined && !semver.satisfies(floor ?? '', manifest.engines.node, { includePrerelease: true }))
      .map(({ where, manifest }) => `${where}@${manifest.version} wants node ${manifest.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
