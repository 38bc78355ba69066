import { describe, expect, it } from 'vitest';
import { isolationPolicy, withoutUser } from './isolation.js';

describe('who user commands run as', () => {
  it('an unprivileged user of their own when Pharos runs as root, whatever the setting', () => {
    expect(isolationPolicy(0, {})).toEqual({ mode: 'isolated' });
    expect(isolationPolicy(0, { PHAROS_EXEC_UNISOLATED: 'true' })).toEqual({ mode: 'isolated' });
  });

  it('refused, with the reason and the setting that allows them, when Pharos cannot switch users', () => {
    const policy = isolationPolicy(1000, {});
    expect(policy.mode).toBe('refused');
    expect(policy.mode === 'refused' && policy.error.message).toBe(
      'exec is disabled: Pharos runs as uid 1000 and cannot switch to an unprivileged user; set PHAROS_EXEC_UNISOLATED=true to allow it',
    );
    const noUser = withoutUser('could not create the OS user pharos-exec-0: useradd: Permission denied', { PHAROS_EXEC_UNISOLATED: 'false' });
    expect(noUser.mode === 'refused' && noUser.error.message).toBe(
      'exec is disabled: Pharos cannot switch to an unprivileged user (could not create the OS user pharos-exec-0: useradd: Permission denied); set PHAROS_EXEC_UNISOLATED=true to allow it',
    );
  });

  it('as Pharos\'s own user when the operator allows it', () => {
    expect(isolationPolicy(1000, { PHAROS_EXEC_UNISOLATED: 'true' })).toEqual({ mode: 'unisolated' });
    expect(withoutUser('no useradd', { PHAROS_EXEC_UNISOLATED: ' TRUE ' })).toEqual({ mode: 'unisolated' });
  });

  it('a setting that is neither true nor false is an error that names it', () => {
    expect(() => isolationPolicy(1000, { PHAROS_EXEC_UNISOLATED: 'yes' })).toThrow('PHAROS_EXEC_UNISOLATED must be true or false, got "yes"');
  });
});
