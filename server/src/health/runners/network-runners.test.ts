import { describe, expect, it } from 'vitest';
import { parsePing } from './icmp.js';
import { alertFilters } from './alertmanager.js';
import { interpolateCredentials } from './mongodb.js';

describe('parsePing', () => {
  it('reads the counts, loss and round trips iputils prints', () => {
    const output = [
      'PING example.test (10.1.2.3) 56(84) bytes of data.',
      '64 bytes from 10.1.2.3: icmp_seq=1 ttl=64 time=0.215 ms',
      '',
      '--- example.test ping statistics ---',
      '3 packets transmitted, 2 received, +1 duplicates, 33.3333% packet loss, time 401ms',
      'rtt min/avg/max/mdev = 0.038/0.126/0.215/0.088 ms',
    ].join('\n');
    expect(parsePing(output)).toEqual({ ip: '10.1.2.3', sent: 3, received: 2, loss: 33.3333, rtt: { min: 0.038, avg: 0.126, max: 0.215 } });
  });

  it('has no round trips when nothing answered, and nothing without the statistics', () => {
    const output = 'PING 198.51.100.1 (198.51.100.1) 56(84) bytes of data.\n\n--- 198.51.100.1 ping statistics ---\n1 packets transmitted, 0 received, +1 errors, 100% packet loss, time 0ms\n';
    expect(parsePing(output)).toEqual({ ip: '198.51.100.1', sent: 1, received: 0, loss: 100 });
    expect(parsePing('ping: no-such-host.invalid: Name or service not known')).toBeUndefined();
  });
});

describe('alertFilters', () => {
  it('sends filters and alerts as matches, ignore and exclude_filters as non-matches, quoted', () => {
    expect(alertFilters({ filters: { severity: 'crit.*' }, alerts: ['Disk"Full'], ignore: ['Kube.*'], exclude_filters: { namespace: 'elastic-system' } })).toEqual([
      'severity=~"crit.*"',
      'alertname=~"Disk\\"Full"',
      'alertname!~"Kube.*"',
      'namespace!="elastic-system"',
    ]);
  });
});

describe('interpolateCredentials', () => {
  it('fills $(username) and $(password), escaped for a URL', () => {
    expect(interpolateCredentials('mongodb://$(username):$(password)@db:27017/?authSource=admin', 'ad@min', 'p:ss/1')).toBe('mongodb://ad%40min:p%3Ass%2F1@db:27017/?authSource=admin');
  });
});
