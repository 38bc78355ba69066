import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

let dir: string;
let data: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-eval-'));
  data = path.join(dir, 'check.yaml');
  await writeFile(data, 'code: 200\nname: api\nheaders:\n  User-Agent: canary-checker/1.0\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pharos eval', () => {
  it('evaluates CEL over the variables of a YAML file', async () => {
    const result = await runCli(['eval', '--cel', 'code in [200, 201] && headers["User-Agent"].startsWith("canary-checker/")', '--data', data], {});
    expect(result).toMatchObject({ code: 0, stdout: 'true\n' });
    const list = await runCli(['eval', '--cel', '[code, code + 1]', '--data', data], {});
    expect(list.stdout).toBe('[200,201]\n');
  });

  it('renders a template over the same variables', async () => {
    const result = await runCli(['eval', '--template', '{{.name | upper}} answered {{.code}}{{"\\n"}}', '--data', data], {});
    expect(result).toMatchObject({ code: 0, stdout: 'API answered 200\n' });
  });

  it('prints an error with its position and exits 1', async () => {
    const cel = await runCli(['eval', '--cel', 'code +', '--data', data], {});
    expect(cel.code).toBe(1);
    expect(cel.stderr).toBe('pharos: CEL 1:7: Unexpected token: EOF\n');
    const template = await runCli(['eval', '--template', 'line one\n{{.missing.field}}'], {});
    expect(template.code).toBe(1);
    expect(template.stderr).toBe('pharos: template: template:2:2: executing "template" at <.missing.field>: nil pointer evaluating interface {}.field\n');
    const neither = await runCli(['eval'], {});
    expect(neither.stderr).toBe('pharos: Give one of --cel EXPR or --template TEXT\n');
  });
});
