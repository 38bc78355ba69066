import { describe, expect, it } from 'vitest';
import { parseDocuments, type SourceDocument } from './documents.js';
import { readFiles } from './files.js';
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

  it("accepts a ScrapeConfig with config-db's list of tags and staleItemAge keep, and refuses another word there", () => {
    const scraper = (staleItemAge: string): string => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: files
spec:
  retention:
    staleItemAge: ${staleItemAge}
  file:
    - type: File
      id: $.id
      paths: [data/*.json]
      tags:
        - name: team
          jsonpath: $.team
`;
    expect(validateDocuments(documentsOf(scraper('keep')))).toHaveProperty('resources');
    expect(validateDocuments(documentsOf(scraper('2d')))).toHaveProperty('resources');
    expect(validateDocuments(documentsOf(scraper('forever')))).toMatchObject({ problems: expect.arrayContaining([expect.objectContaining({ path: '/spec/retention/staleItemAge' })]) });
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
    expect(readFiles([{ path: 'a.yaml', text: good }, { path: 'b.yaml', text: `${good}` }])).toMatchObject({
      problems: [{ file: 'b.yaml', index: 0, line: 4, path: '/metadata/name', reason: 'Canary/monitoring/http-check is also in a.yaml document 0' }],
    });
  });

  it('reads each item of a JSON array or a List as a resource, with the lines of the item', () => {
    const list = JSON.stringify([{ apiVersion: 'pharos.io/v1', kind: 'Team', metadata: { name: 'sre' } }, { apiVersion: 'pharos.io/v1', kind: 'Team', metadata: {} }], null, 2);
    expect(readFiles([{ text: list }])).toMatchObject({ problems: [{ index: 1, line: 12, path: '/metadata/name' }] });
    const items = `kind: List\nitems:\n  - apiVersion: pharos.io/v1\n    kind: Team\n    metadata: {name: sre}\n`;
    expect(readFiles([{ text: items }])).toMatchObject({ resources: [{ index: 0, name: 'sre' }] });
  });

  it('reads a Flanksource Connection: EnvVar values and the type from its typed block', () => {
    const connection = `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: chat, namespace: ops}
spec:
  slack:
    channel: C0123
    token: {valueFrom: {secretKeyRef: {name: slack, key: token}}}
`;
    expect(readFiles([{ text: connection }])).toMatchObject({ resources: [{ spec: { name: 'chat', namespace: 'ops', type: 'slack', username: 'C0123', password: 'secret://slack/token' } }] });
    expect(readFiles([{ text: connection.replace('slack:', 'nothing:') }])).toMatchObject({ problems: [{ path: '/spec/type', reason: expect.stringMatching(/^type is required, or one typed block such as smtp/) }] });
    expect(readFiles([{ text: connection.replace('channel:', 'chanel:') }])).toMatchObject({ problems: [{ path: '/spec/slack/chanel', line: 6, reason: expect.stringMatching(/^chanel is not a field here: one of token, channel/) }] });
    expect(readFiles([{ text: `${connection}  http: {url: http://x}\n` }])).toMatchObject({ problems: [{ path: '/spec/slack', reason: expect.stringMatching(/one typed block, but this one has http and slack/) }] });
  });

  it('takes the namespace default and the kinds without a schema', () => {
    const team = 'apiVersion: pharos.io/v1\nkind: Team\nmetadata:\n  name: sre\nspec:\n  members: [a@example.com]\n';
    expect(validateDocuments(documentsOf(team))).toMatchObject({ resources: [{ namespace: 'default', name: 'sre', kind: { kind: 'Team' } }] });
  });
});
