import { describe, expect, it } from 'vitest';
import { ServerSecrets, UnsealError } from './server-secrets.js';

const ours = new ServerSecrets(Buffer.alloc(32, 1));
const theirs = new ServerSecrets(Buffer.alloc(32, 2));

describe('server secrets', () => {
  it('open what their key sealed, and refuse what another key sealed or nothing sealed', () => {
    const sealed = ours.seal('p@ss');
    expect(sealed).toMatch(/^v1:/);
    expect(ours.open(sealed)).toBe('p@ss');
    expect(() => theirs.open(sealed)).toThrow(UnsealError);
    expect(() => ours.open('p@ss')).toThrow(UnsealError);
  });

  it('answer undefined, rather than throwing, for a text their key did not seal when asked openIfOurs', () => {
    const sealed = ours.seal('p@ss');
    expect(ours.openIfOurs(sealed)).toBe('p@ss');
    expect(theirs.openIfOurs(sealed)).toBeUndefined();
    expect(ours.openIfOurs('v1:not-sealed')).toBeUndefined();
    expect(ours.openIfOurs('plain')).toBeUndefined();
  });
});
