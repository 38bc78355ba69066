import { redactSealed } from '@pharos/core';
import type pg from 'pg';
import { matchesSelectors, targetKinds, type RunTarget } from './resource.js';
import { readPlaybookSpec } from './spec.js';

/** A playbook that can run on a resource, as GET /api/playbook/list answers it. */
export interface AvailablePlaybook {
  id: string;
  name: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string | null;
  spec: unknown;
}

/** The most playbooks one list looks through. */
const MAX_PLAYBOOKS = 1_000;
const BATCH = 4;

/**
 * The live playbooks whose selectors pick the resource (spec 2 section 7, "GET /list"), by title.
 * A playbook whose spec cannot run is left out.
 */
export async function playbooksFor(pool: pg.Pool, target: RunTarget): Promise<AvailablePlaybook[]> {
  const { rows } = await pool.query<AvailablePlaybook>(
    `SELECT id, name, title, icon, description, category, spec FROM playbooks
      WHERE deleted_at IS NULL AND jsonb_typeof(spec -> $1) = 'array' ORDER BY title, name LIMIT ${MAX_PLAYBOOKS}`,
    [target.kind],
  );
  const picks = async (playbook: AvailablePlaybook): Promise<boolean> => {
    try {
      const spec = readPlaybookSpec(playbook.spec);
      return targetKinds(spec).includes(target.kind) && (await matchesSelectors(pool, spec, target));
    } catch {
      return false;
    }
  };
  const available: AvailablePlaybook[] = [];
  // A few at a time: one list never holds more of the pool than that.
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const picked = await Promise.all(batch.map(picks));
    available.push(...batch.filter((_, index) => picked[index]).map((playbook) => ({ ...playbook, spec: redactSealed(playbook.spec) })));
  }
  return available;
}
