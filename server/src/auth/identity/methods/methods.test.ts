import { describe, expect, it } from 'vitest';
import { ServerSecrets } from '../../../secrets/server-secrets.js';
import { codeMatches, generateCode, newCodeState } from './code.js';

const secrets = new ServerSecrets(Buffer.alloc(32, 1));
import { findLookupCode, generateLookupCodes, lookupCodesNode, storedLookupCodes } from './lookup.js';
import { passwordPolicyViolation } from './password.js';
import { acceptTotp, newTotpSecret, totpUrl } from './totp.js';
import { Secret, TOTP } from 'otpauth';

describe('password policy', () => {
  it.each([
    ['short', 4000032],
    ['ada@example.com', 4000031],
    ['ada-lovelace1', null],
    ['correct horse battery staple', null],
    ['password', 4000034],
    ['Password', 4000034],
    ['12345678', 4000034],
    ['qwertyuiop', 4000034],
    ['iloveyou', 4000034],
  ])('%s', (password, id) => {
    expect(passwordPolicyViolation(password, 'ada@example.com')?.id ?? null).toBe(id);
  });
});

describe('one-time codes', () => {
  it('match only in their own flow, spaces aside', () => {
    const code = generateCode();
    expect(code).toMatch(/^\d{6}$/);
    const state = newCodeState(secrets, 'flow-1', code, 'a@example.com', null);
    expect(state.hash).not.toContain(code);
    expect(codeMatches(secrets, 'flow-1', state, code)).toBe(true);
    expect(codeMatches(secrets, 'flow-1', state, ` ${code} `)).toBe(true);
    expect(codeMatches(secrets, 'flow-2', state, code)).toBe(false);
    // Without the server's key, the digest cannot be checked: another key finds no match.
    expect(codeMatches(new ServerSecrets(Buffer.alloc(32, 7)), 'flow-1', state, code)).toBe(false);
  });
});

describe('lookup codes', () => {
  it('are 12 distinct codes, stored only as digests, found regardless of case and spacing', () => {
    const codes = generateLookupCodes();
    expect(codes).toHaveLength(12);
    expect(new Set(codes.map((c) => c.code)).size).toBe(12);
    const stored = storedLookupCodes(secrets, codes);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.code);
    const second = codes[1]!.code;
    expect(findLookupCode(secrets, stored, ` ${second.toUpperCase()} `)).toBe(1);
    expect(findLookupCode(secrets, stored, 'nope')).toBe(-1);
  });

  it('list used codes as 1050014 Used', () => {
    const node = lookupCodesNode([
      { code: 'aaaa1111', used_at: null },
      { code: 'bbbb2222', used_at: '2026-01-01T00:00:00.000Z' },
    ]);
    if (node.attributes.node_type !== 'text') throw new Error('not a text node');
    expect(node.attributes.id).toBe('lookup_secret_codes');
    const text = node.attributes.text;
    expect(text.id).toBe(1050015);
    expect((text.context?.['secrets'] as Array<{ id: number; text: string }>).map((s) => [s.id, s.text])).toEqual([
      [1050009, 'aaaa1111'],
      [1050014, 'Used'],
    ]);
  });
});

describe('TOTP', () => {
  it('accepts the current code once, and not a replayed step', () => {
    const secret = newTotpSecret();
    const url = totpUrl(secret, 'ada@example.com');
    expect(url).toMatch(/^otpauth:\/\/totp\/Pharos:ada%40example\.com\?/);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const step = acceptTotp(url, code, undefined);
    expect(step).not.toBeNull();
    expect(acceptTotp(url, code, step ?? 0)).toBeNull();
    expect(acceptTotp(url, '12345', undefined)).toBeNull();
  });
});
