import { describe, expect, it } from 'vitest';
import { parseDocuments, type SourceDocument } from './documents.js';
import { validateDocuments } from './validate.js';

const CANARY = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: http-check
  namespace: monitoring
  labels:
    team: sre
spec:
  schedule: "@every 1m"
  http:
    - name: example
      url: https://example.com
      responseCodes: [200]
      someUpstreamField: kept
`;

function documentsOf(text: string): SourceDocument[] {
  const parsed = parseDocuments(text);
  if ('problems' in parsed) throw new Error(JSON.stringify(parsed.problems));
  return parsed.documents;
}

describe('parseDocuments', () => {
  it('splits a file into documents with their first lines, leaving out empty ones', () => {
    const documents = documentsOf(`${CANARY}---\n${CANARY.replace('http-check', 'second')}---\n`);
    expect(documents.map((document) => [document.index, document.line])).toEqual([
      [0, 1],
      [1, 16],
    ]);
  });

  it('reports a syntax error with its document and line', () => {
    const parsed = parseDocuments(`${CANARY}---\nkind: Canary\nmetadata: {name: [unclosed\n`);
    const problem = 'problems' in parsed ? parsed.problems[0] : undefined;
    expect(problem).toMatchObject({ index: 1, path: '' });
    expect(problem?.line).toBeGreaterThanOrEqual(16);
  });

  it('refuses a key written twice', () => {
    expect(parseDocuments('kind: Canary\nkind: Topology\n')).toMatchObject({ problems: [{ index: 0, line: 2 }] });
  });
});

describe('validateDocuments', () => {
  it('accepts a Flanksource canary unchanged, unknown upstream fields included', () => {
    const outcome = validateDocuments(documentsOf(CANARY));
    expect(outcome).toMatchObject({ resources: [{ index: 0, namespace: 'monitoring', name: 'http-check', kind: { kind: 'Canary' } }] });
    const resource = 'resources' in outcome ? outcome.resources[0] : undefined;
    expect(JSON.stringify(resource?.document)).toContain('someUpstreamField');
  });

  it.each([
    ['an unknown kind', CANARY.replace('kind: Canary', 'kind: Canery'), '/kind', 2, 'unknown kind Canery'],
    ['a wrong apiVersion', CANARY.replace('canaries.flanksource.com/v1', 'v1'), '/apiVersion', 1, 'apiVersion of Canary must be canaries.flanksource.com/v1'],
    ['a missing name', CANARY.replace('  name: http-check\n', ''), '/metadata/name', 4, 'metadata.name is required'],
    ['a check without its name', CANARY.replace('    - name: example\n      url', '    - url'), '/spec/http/0/name', 11, 'name is required'],
    ['a wrong type', CANARY.replace('responseCodes: [200]', 'responseCodes: "ok"'), '/spec/http/0/responseCodes', 13, 'must be array'],
  ])('refuses %s with its line, path and reason', (_label, text, path, line, reason) => {
    const outcome = validateDocuments(documentsOf(text));
    expect('problems' in outcome).toBe(true);
    const problem = 'problems' in outcome ? outcome.problems.find((candidate) => candidate.path === path) : undefined;
    expect(problem).toMatchObject({ index: 0, line, path });
    expect(problem?.reason).toContain(reason);
  });

  it('refuses the whole call when one document of several is wrong, and a resource named twice', () => {
    const good = CANARY;
    const bad = CANARY.replace('http-check', 'bad').replace('kind: Canary', 'kind: Nope');
    expect(validateDocuments(documentsOf(`${good}---\n${bad}`))).toMatchObject({ problems: [{ index: 1, path: '/kind' }] });
    expect(validateDocuments(documentsOf(`${good}---\n${good}`))).toMatchObject({
      problems: [{ index: 1, path: '/metadata/name', reason: 'Canary/monitoring/http-check is also document 0' }],
    });
  });

  it('takes the namespace default and the kinds without a schema', () => {
    const team = 'apiVersion: pharos.io/v1\nkind: Team\nmetadata:\n  name: sre\nspec:\n  members: [a@example.com]\n';
    expect(validateDocuments(documentsOf(team))).toMatchObject({ resources: [{ namespace: 'default', name: 'sre', kind: { kind: 'Team' } }] });
  });
});
