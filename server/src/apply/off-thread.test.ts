import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BODIES_WAITING, OffThreadParser, ParserBusy } from './off-thread.js';

const parser = new OffThreadParser();

afterAll(async () => {
  await parser.close();
});

describe('OffThreadParser', () => {
  it('parses in its worker, with the lines of each field', async () => {
    const parsed = await parser.parse('kind: Team\nmetadata:\n  name: sre\nspec:\n  members: [a, b]\n');
    if ('problems' in parsed) throw new Error(JSON.stringify(parsed.problems));
    const [document] = parsed.documents;
    expect(document?.value).toEqual({ kind: 'Team', metadata: { name: 'sre' }, spec: { members: ['a', 'b'] } });
    expect(document?.lineOf(['metadata', 'name'])).toBe(3);
    expect(document?.lineOf(['spec', 'members', 1, 'missing'])).toBe(5);
  });

  it('turns bodies away once MAX_BODIES_WAITING are in line, and takes them again after', async () => {
    const all = Array.from({ length: MAX_BODIES_WAITING + 2 }, (_, i) => parser.parse(`name: n${i}\n`).then(() => 'parsed', (error: unknown) => error));
    const outcomes = await Promise.all(all);
    expect(outcomes.filter((outcome) => outcome === 'parsed')).toHaveLength(MAX_BODIES_WAITING);
    expect(outcomes.filter((outcome) => outcome instanceof ParserBusy)).toHaveLength(2);
    await expect(parser.parse('name: later\n')).resolves.toHaveProperty('documents');
  });
});
