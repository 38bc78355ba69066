import { afterAll, describe, expect, it } from 'vitest';
import { ExpressionError, ExpressionSandbox } from '../../src/expressions/sandbox.js';

/**
 * Expressions and templates run in child processes with time and memory limits: hostile input is stopped
 * with an error a person can act on, and the next expression runs as usual. jq runs there too.
 */

const sandbox = new ExpressionSandbox(1_000);

afterAll(async () => {
  await sandbox.close();
});

describe('the expression sandbox', () => {
  it('evaluates CEL with jq, and renders templates', async () => {
    expect(await sandbox.evaluateCel('jq(".items | map(.name)", data)', { data: { items: [{ name: 'a' }, { name: 'b' }] } })).toEqual(['a', 'b']);
    expect(await sandbox.evaluateCel('jq(".[] | . * 2", [1, 2, 3])')).toEqual([2, 4, 6]);
    expect(await sandbox.evaluateCel('code == 200 && jq(".ok", body)', { code: 200, body: { ok: true } })).toBe(true);
    expect(await sandbox.renderTemplate('{{ .name | upper }}', { name: 'pharos' })).toBe('PHAROS');
  });

  it("has Flanksource's CEL and template functions, and Go's arity errors", async () => {
    expect(await sandbox.evaluateCel('[HumanDuration(3600), string(duration("1h")), "%s is %d".format(["x", 3]), \'{"a":1}\'.JSON().a]')).toEqual(['1h', '3600s', 'x is 3', 1]);
    expect(await sandbox.evaluateCel('{"b": 1, "a": 2}.keys() + [crypto.SHA256("hello").substring(0, 8), jq(".a", \'{"a": "text"}\')]')).toEqual(['a', 'b', '2cf24dba', 'text']);
    expect(await sandbox.evaluateCel('uuid.IsValid(uuid.V4()) && random.AlphaNum(4).size() == 4 && [1, 2, 3].fold(e, acc, acc + e) == 6')).toBe(true);
    expect(await sandbox.renderTemplate('{{ "a,b" | strings.Split "," | toJSON }} {{ range $i, $e := (.csv | split ",") }}{{ $i }}={{ $e }};{{ end }}', { csv: 'x,y' })).toBe('["a","b"] _0=x;_1=y;');
    await expect(sandbox.renderTemplate('{{ printf }}', {})).rejects.toThrow('wrong number of args for printf: want at least 1 got 0');
  });

  it('stops a loop that runs too long, and goes on with the next expression', async () => {
    const started = Date.now();
    await expect(sandbox.evaluateCel('lists.range(20000).map(x, lists.range(20000).map(y, x * y).size()).size()')).rejects.toThrow(
      'the expression took longer than 1000 ms and was stopped',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await sandbox.evaluateCel('1 + 1')).toBe(2);
  });

  it('stops an expression that builds a huge value', async () => {
    await expect(sandbox.evaluateCel('lists.range(50000000).size()')).rejects.toThrow('lists.range takes 0 to 100000, not 50000000');
    await expect(sandbox.evaluateCel('lists.range(100000).map(x, lists.range(100000)).size()')).rejects.toThrow(/the expression (stopped|took longer)/);
    expect(await sandbox.evaluateCel('"still" + " here"')).toBe('still here');
  });

  it('keeps the position of a syntax error and the text of a jq error', async () => {
    const error = await sandbox.evaluateCel('1 +').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExpressionError);
    expect((error as ExpressionError).line).toBe(1);
    await expect(sandbox.evaluateCel('jq(".[", {})')).rejects.toThrow(/jq: error: syntax error/);
  });

  it('reads nothing of the server environment', async () => {
    await expect(sandbox.renderTemplate('{{ env "DATABASE_URL" }}', {})).rejects.toThrow('template: template:1: function "env" not defined');
    process.env['PHAROS_SANDBOX_PROBE'] = 'secret';
    try {
      const fresh = new ExpressionSandbox(1_000);
      await expect(fresh.evaluateCel('jq("$ENV.PHAROS_SANDBOX_PROBE", {})')).resolves.toBeNull();
      await fresh.close();
    } finally {
      delete process.env['PHAROS_SANDBOX_PROBE'];
    }
  });
});
