import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clusterPort } from './port.js';

let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('clusterPort', () => {
  it('keeps the port of last time while it is free, but never a reserved one (the HTTP port about to be taken)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-port-'));
    const first = await clusterPort(dir);
    expect(await clusterPort(dir)).toBe(first);
    await writeFile(path.join(dir, 'postgres.port'), `${first}\n`);
    const second = await clusterPort(dir, [first]);
    expect(second).not.toBe(first);
    expect(await clusterPort(dir)).toBe(second);
  });
});
