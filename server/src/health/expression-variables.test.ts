import { describe, expect, it } from 'vitest';
import { expressionVariables, goDuration, templateVariables } from './expression-variables.js';

describe('goDuration', () => {
  it('prints milliseconds as Go prints a time.Duration', () => {
    expect(goDuration(0)).toBe('0s');
    expect(goDuration(350)).toBe('350ms');
    expect(goDuration(1500)).toBe('1.5s');
    expect(goDuration(125_000)).toBe('2m5s');
    expect(goDuration(3_600_000)).toBe('1h0m0s');
    expect(goDuration(2_591_997_560)).toBe('719h59m57.56s');
    expect(goDuration(-90_000)).toBe('-1m30s');
  });
});

describe('expressionVariables', () => {
  const scope = {
    canary: { id: 'c1', name: 'shop', namespace: 'default', labels: { team: 'payments' } },
    check: { id: 'k1', name: 'api', description: '', labels: {}, endpoint: 'http://api' },
  };

  it('gives check, canary and the run\'s own fields beside what the check measured, which wins', () => {
    const outcome = { pass: false, duration: 12, error: 'status 503', data: { code: 503, message: 'from the check' } };
    expect(expressionVariables(outcome, scope)).toEqual({ ...scope, duration: 12, error: 'status 503', message: 'from the check', pass: false, errorType: '', code: 503 });
  });

  it('shows the duration variables to templates as Go durations, leaving the rest', () => {
    expect(templateVariables({ sslAge: 90_000, elapsed: 5, code: 200 })).toEqual({ sslAge: '1m30s', elapsed: '5ms', code: 200 });
  });
});
