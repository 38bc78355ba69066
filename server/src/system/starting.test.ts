import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadinessProbe } from './readiness.js';
import { Starting } from './starting.js';

// Nothing listens on port 1: a probe that gets past the start asks the database and is told it is unreachable.
const unreachable = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
const probes: ReadinessProbe[] = [];

function probe(starting: Starting): ReadinessProbe {
  const created = new ReadinessProbe(unreachable, undefined, starting);
  probes.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(probes.splice(0).map((created) => created.close()));
});

describe('readiness while the server starts', () => {
  it('is not ready, saying so, until the work after listening is done', async () => {
    const starting = new Starting();
    expect(await probe(starting).check()).toEqual({ ready: false, reason: 'The server is still starting: its job runner and schedules are not running yet' });
  });

  it('names why the start failed', async () => {
    const starting = new Starting();
    starting.fail('the job runner could not connect');
    expect(await probe(starting).check()).toEqual({ ready: false, reason: 'The server could not finish starting: the job runner could not connect' });
  });

  it('asks the database once the start is done', async () => {
    const starting = new Starting();
    starting.finish();
    const answer = await probe(starting).check();
    expect(answer.ready).toBe(false);
    expect(answer.ready === false && answer.reason).toMatch(/^The database is unreachable: /);
  });
});
