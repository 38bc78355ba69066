import { describe, expect, it } from 'vitest';
import { diffConfigs, fingerprintOf, fingerprintOfChange, readablePath, textDiff } from './diff.js';

describe('diffConfigs', () => {
  it('answers null for equal documents, whatever their key order', () => {
    expect(diffConfigs({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBeNull();
  });

  it('gives an RFC 6902 patch and a summary in document order', () => {
    const diff = diffConfigs(
      { metadata: { labels: { app: 'api' } }, spec: { replicas: 2, containers: [{ image: 'api:1.4' }] } },
      { metadata: { labels: { app: 'api', team: 'platform' } }, spec: { replicas: 3, containers: [{ image: 'api:1.5' }] } },
    )!;
    expect(diff.patches).toEqual([
      { op: 'replace', path: '/spec/containers/0/image', value: 'api:1.5' },
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'add', path: '/metadata/labels/team', value: 'platform' },
    ]);
    expect(diff.summary).toBe('metadata.labels.team: added platform, spec.replicas: 2 → 3, spec.containers[0].image: api:1.4 → api:1.5');
  });

  it('says removed, shortens long values and counts what it leaves out', () => {
    const before = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, note: 'x' };
    const diff = diffConfigs(before, { a: 2, b: 3, c: 4, d: 5, e: 6, f: 7, note: 'y'.repeat(60) })!;
    expect(diff.summary.split(', ')).toHaveLength(6);
    expect(diff.summary).toMatch(/and 2 more$/);
    expect(diffConfigs({ a: 1, gone: { deep: true } }, { a: 1 })!.summary).toBe('gone: removed');
    expect(diffConfigs({ text: 'short' }, { text: 'l'.repeat(60) })!.summary).toBe(`text: short → ${'l'.repeat(39)}…`);
  });

  it('compares documents that are not objects', () => {
    expect(diffConfigs('v1', 'v2')!.summary).toBe('value: v1 → v2');
  });
});

describe('textDiff', () => {
  it('is a unified diff of indented JSON whose keys are sorted, so that key order is never a change', () => {
    expect(textDiff({ spec: { replicas: 2, image: 'api:1.4' }, kind: 'Deployment' }, { kind: 'Deployment', spec: { image: 'api:1.4', replicas: 3 } })).toBe(
      ['--- before', '+++ after', '@@ -2,6 +2,6 @@', '   "kind": "Deployment",', '   "spec": {', '     "image": "api:1.4",', '-    "replicas": 2', '+    "replicas": 3', '   }', ' }', ''].join('\n'),
    );
  });

  it('is left out for documents too large to show', () => {
    expect(textDiff({ blob: 'x'.repeat(600 * 1024) }, { blob: 'y' })).toBeNull();
  });
});

describe('readablePath', () => {
  it('turns a JSON pointer into dotted fields and indexes', () => {
    expect(readablePath('/metadata/annotations/kubernetes.io~1name')).toBe('metadata.annotations.kubernetes.io/name');
    expect(readablePath('/items/3/name')).toBe('items[3].name');
    expect(readablePath('')).toBe('(root)');
  });
});

describe('fingerprints', () => {
  it('are equal for the same change with other volatile values, and differ for another field', () => {
    const replicas = (value: number) => [{ op: 'replace' as const, path: '/spec/replicas', value }];
    expect(fingerprintOf('diff', replicas(2))).toBe(fingerprintOf('diff', replicas(3)));
    expect(fingerprintOf('diff', replicas(2))).not.toBe(fingerprintOf('diff', [{ op: 'replace', path: '/spec/paused', value: true }]));
    expect(fingerprintOfChange('Restarted', 'pod restarted at 2026-01-01T10:00:00Z', { id: '0f8fad5b-d9cb-469f-a165-70867728950e' })).toBe(
      fingerprintOfChange('Restarted', 'pod restarted at 2026-02-03T11:12:13Z', { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }),
    );
    expect(fingerprintOfChange('Restarted', 'a', null)).not.toBe(fingerprintOfChange('Deployed', 'a', null));
  });
});
