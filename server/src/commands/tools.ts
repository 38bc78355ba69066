import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** The PATH commands get unless their spec gives one. */
export const COMMAND_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const found = new Map<string, Promise<string>>();

/** Where a program is (its absolute path, so that a spec's own PATH cannot replace it); rejects when it is not installed. */
export function findTool(name: string): Promise<string> {
  let location = found.get(name);
  if (!location) {
    location = Promise.any(
      COMMAND_PATH.split(':').map(async (dir) => {
        const candidate = path.join(dir, name);
        await access(candidate, constants.X_OK);
        return candidate;
      }),
    ).catch(() => {
      found.delete(name);
      throw new Error(`${name} is not installed`);
    });
    found.set(name, location);
  }
  return location;
}
