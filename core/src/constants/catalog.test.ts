import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES, SEVERITIES, compareConfigStatus, insightSeverityColour, isConfigPossiblyStale } from './catalog.js';

describe('insight severity colours', () => {
  it('maps critical red, high orange, warning yellow, info gray, low and medium green', () => {
    expect(insightSeverityColour('critical')).toBe('red');
    expect(insightSeverityColour('high')).toBe('orange');
    expect(insightSeverityColour('warning')).toBe('yellow');
    expect(insightSeverityColour('info')).toBe('gray');
    expect(insightSeverityColour('Info')).toBe('gray');
    expect(insightSeverityColour('low')).toBe('green');
    expect(insightSeverityColour('medium')).toBe('green');
    expect(insightSeverityColour('whatever')).toBe('gray');
  });

  it('lists the severities and analysis types', () => {
    expect(SEVERITIES).toEqual(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']);
    expect(ANALYSIS_TYPES).toHaveLength(10);
    expect(ANALYSIS_TYPES).toContain('technical_debt');
  });
});

describe('config status order', () => {
  it('sorts unhealthy, warning, healthy, info, then the rest', () => {
    const sorted = ['info', 'other', 'healthy', 'unhealthy', null, 'warning'].sort(compareConfigStatus);
    expect(sorted.slice(0, 4)).toEqual(['unhealthy', 'warning', 'healthy', 'info']);
  });
});

describe('possibly stale configs', () => {
  const now = new Date('2024-05-01T12:00:00Z');
  it('flags configs last scraped at least an hour ago', () => {
    expect(isConfigPossiblyStale(new Date('2024-05-01T11:00:00Z'), null, now)).toBe(true);
    expect(isConfigPossiblyStale(new Date('2024-05-01T11:00:01Z'), null, now)).toBe(false);
  });
  it('never flags deleted configs', () => {
    expect(isConfigPossiblyStale(new Date('2024-01-01T00:00:00Z'), new Date('2024-02-01T00:00:00Z'), now)).toBe(false);
  });
});
